import { describe, expect, it } from 'vitest';
import { embedUrlOf } from '../../src/shared/live-embed.ts';
import { HOSTILE, POLYV } from './live-embed-corpus.ts';

describe('embedUrlOf: allowed embeds', () => {
  it.each([
    [
      'the seeded embed code',
      `<iframe src="${POLYV}" width="100%" height="100%" frameborder="0" allowfullscreen></iframe>`,
      POLYV,
    ],
    ['single quotes, no closing tag', `<iframe src='${POLYV}'>`, POLYV],
    [
      '&amp; in the query',
      '<iframe src="https://player.polyv.net/v?a=1&amp;b=2"></iframe>',
      'https://player.polyv.net/v?a=1&b=2',
    ],
    [
      'a bare allowlisted URL',
      'https://player.bilibili.com/player.html?bvid=BV1xx',
      'https://player.bilibili.com/player.html?bvid=BV1xx',
    ],
    [
      'a protocol-relative src',
      '<iframe src="//player.bilibili.com/player.html?aid=1"></iframe>',
      'https://player.bilibili.com/player.html?aid=1',
    ],
    ['upper-case tag and spaces', `  <IFRAME  SRC="${POLYV}" ></IFRAME>  `, POLYV],
  ])('%s', (_, value, expected) => {
    expect(embedUrlOf(value)).toBe(expected);
  });
});

describe('embedUrlOf: hostile values render nothing', () => {
  it.each(HOSTILE)('%s', (_, value) => {
    expect(embedUrlOf(value)).toBeNull();
  });

  it('refuses null, undefined and over-long values', () => {
    expect(embedUrlOf(null)).toBeNull();
    expect(embedUrlOf(undefined)).toBeNull();
    expect(embedUrlOf(`https://player.polyv.net/${'a'.repeat(2001)}`)).toBeNull();
  });
});

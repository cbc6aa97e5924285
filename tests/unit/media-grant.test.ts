/**
 * Media grants (issue 23) as tables: what a grant opens, for whom, until when; and the
 * player's side, which keeps every request on the newest grant.
 */
import { describe, expect, it } from 'vitest';
import { renewDelay, withGrant } from '../../src/islands/media/hls.ts';
import {
  checkGrant,
  GRANT_SECONDS,
  grantFor,
  sealedItem,
} from '../../src/server/services/learning/index.ts';

const key = Buffer.alloc(32, 7);
const now = new Date('2026-11-25T12:00:00Z');
const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const path = (url: string, file = 'seg-000.m4s') =>
  `${url.slice('/media/'.length, url.lastIndexOf('/'))}/${file}`;

describe('sealedItem', () => {
  it.each([
    [`/media/sealed/${A}/index.m3u8`, { name: A, file: 'index.m3u8' }],
    [`/media/sealed/${A}/video.mp4`, { name: A, file: 'video.mp4' }],
    [`/media/sealed/${A}/seg-000.m4s`, null],
    ['/media/gen/video-1/index.m3u8', null],
    ['https://cdn.example.com/x.m3u8', null],
    [`/media/sealed/${A.slice(1)}/index.m3u8`, null],
  ])('%s', (url, want) => expect(sealedItem(url)).toEqual(want));
});

describe('grantFor / checkGrant', () => {
  const member = grantFor(
    key,
    `/media/sealed/${A}/index.m3u8`,
    { memberId: 42, session: 's1' },
    now,
  );
  const visitor = grantFor(
    key,
    `/media/sealed/${A}/index.m3u8`,
    { memberId: null, session: 's1' },
    now,
  );

  it('hands open media out as they are, sealed ones with a grant ending in GRANT_SECONDS', () => {
    expect(
      grantFor(key, '/media/gen/video-1/index.m3u8', { memberId: 1, session: 'x' }, now),
    ).toEqual({
      url: '/media/gen/video-1/index.m3u8',
      expiresAt: null,
    });
    expect(member.url).toMatch(
      new RegExp(`^/media/s/[0-9a-z]+\\.16\\.[A-Za-z0-9_-]{22}/${A}/index\\.m3u8$`),
    );
    expect(new Date(member.expiresAt!).getTime() - now.getTime()).toBe(GRANT_SECONDS * 1000);
  });

  it.each([
    ['the session it was issued to', ['s1'], 0, { ok: true, key: `sealed/${A}/seg-000.m4s` }],
    ['the session among others (cookie, bearer)', [undefined, 's1'], 0, { ok: true }],
    ['another session', ['s2'], 0, { ok: false, reason: 'invalid' }],
    ['no session', [], 0, { ok: false, reason: 'invalid' }],
    ['its last second', ['s1'], GRANT_SECONDS * 1000 - 1, { ok: true }],
    ['its end', ['s1'], GRANT_SECONDS * 1000, { ok: false, reason: 'expired' }],
  ] as const)('a member’s grant with %s', (_, sessions, later, want) => {
    const r = checkGrant(key, path(member.url), sessions, new Date(now.getTime() + later));
    expect(r).toMatchObject(want);
  });

  it('a visitor’s grant opens for anyone, a copy for another item for no one', () => {
    expect(checkGrant(key, path(visitor.url), [], now)).toMatchObject({ ok: true });
    expect(checkGrant(key, path(visitor.url).replace(A, B), [], now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses catalogue addresses, other keys, and files that are not an item’s', () => {
    expect(checkGrant(key, `sealed/${A}/index.m3u8`, ['s1'], now)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(checkGrant(Buffer.alloc(32, 8), path(member.url), ['s1'], now)).toMatchObject({
      ok: false,
    });
    expect(checkGrant(key, path(member.url, '../../x'), ['s1'], now)).toMatchObject({ ok: false });
    // A ladder's rungs, and nothing else below an item.
    for (const f of ['720p/index.m3u8', '360p/init.mp4', '1080p/seg-001.m4s'])
      expect(checkGrant(key, path(member.url, f), ['s1'], now)).toMatchObject({
        ok: true,
        key: `sealed/${A}/${f}`,
      });
    for (const f of ['480p/seg-001.m4s', '720p/video.mp4', '720p/720p/index.m3u8', 'x/index.m3u8'])
      expect(checkGrant(key, path(member.url, f), ['s1'], now)).toMatchObject({ ok: false });
    expect(checkGrant(key, 'gen/video-1/index.m3u8', [], now)).toEqual({
      ok: true,
      key: 'gen/video-1/index.m3u8',
    });
  });
});

describe('the player’s renewal', () => {
  it('sends every request with the newest grant', () => {
    expect(withGrant(`/media/s/old.1.x/${A}/seg-004.m4s`, `/media/s/new.1.y/${A}/index.m3u8`)).toBe(
      `/media/s/new.1.y/${A}/seg-004.m4s`,
    );
    expect(withGrant('/media/gen/video-1/seg-000.m4s', `/media/s/new.1.y/${A}/index.m3u8`)).toBe(
      '/media/gen/video-1/seg-000.m4s',
    );
  });

  it('renews halfway to the end, never sooner than 5 s, and open media never', () => {
    const t = Date.parse('2026-11-25T12:00:00Z');
    expect(renewDelay('2026-11-25T12:10:00Z', t)).toBe(300_000);
    expect(renewDelay('2026-11-25T12:00:02Z', t)).toBe(5_000);
    expect(renewDelay(null, t)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { playlistSeconds, siteHlsSeconds } from '../../src/server/services/learning/index.ts';

describe('media length from the playlist, not from the player', () => {
  it('sums #EXTINF durations', () => {
    expect(
      playlistSeconds('#EXTM3U\n#EXTINF:2.000000,\na.ts\n#EXTINF:1.5,\nb.ts\n#EXT-X-ENDLIST'),
    ).toBe(3.5);
    expect(playlistSeconds('#EXTM3U\n')).toBe(0);
  });

  it.each([
    ['/media/hls/lesson-1/index.m3u8', 12],
    ['/media/hls/short-2/index.m3u8', 8],
    ['/media/hls/missing/index.m3u8', null],
    ['/media/hls/../../package.json', null],
    ['https://cdn.example.com/media/hls/lesson-1/index.m3u8', null],
    ['/etc/passwd', null],
  ])('siteHlsSeconds(%s) → %s', async (url, expected) => {
    expect(await siteHlsSeconds(url)).toBe(expected);
  });
});

/**
 * The quality ladder (issue 23) as tables: which rungs a source gets (never above its own
 * size), the frame size of each, the master playlist's entries, and the one ffmpeg run that
 * makes every rung with keyframes at the same times; the media store takes exactly the
 * ladder's files.
 */
import { describe, expect, it } from 'vitest';
import { mediaKey, mediaType } from '../../src/server/providers/storage/media.ts';
import {
  avcCodec,
  firstVariant,
  ladderArgs,
  masterPlaylist,
  RUNGS,
  rungsFor,
  rungSize,
} from '../../src/server/services/learning/index.ts';

const names = (w: number, h: number) => rungsFor(w, h).map((r) => r.name);

describe('rungsFor', () => {
  it.each([
    [3840, 2160, ['360p', '720p', '1080p']],
    [1920, 1080, ['360p', '720p', '1080p']],
    [1920, 1088, ['360p', '720p', '1080p']],
    [1280, 720, ['360p', '720p']],
    [1600, 900, ['360p', '720p']],
    [1920, 800, ['360p', '720p']],
    [854, 480, ['360p']],
    [320, 180, ['360p']],
    [1080, 1920, ['360p', '720p', '1080p']],
  ])('%i×%i → %j', (w, h, want) => expect(names(w, h)).toEqual(want));
});

describe('rungSize', () => {
  const [p360, p720, p1080] = RUNGS as [(typeof RUNGS)[0], (typeof RUNGS)[0], (typeof RUNGS)[0]];
  it('keeps the aspect, even sizes, the short side the rung’s but never above the source’s', () => {
    expect(rungSize(p1080, 1920, 1080)).toEqual([1920, 1080]);
    expect(rungSize(p720, 1920, 1080)).toEqual([1280, 720]);
    expect(rungSize(p360, 1920, 1080)).toEqual([640, 360]);
    expect(rungSize(p360, 1080, 1920)).toEqual([360, 640]);
    expect(rungSize(p360, 320, 180)).toEqual([320, 180]);
    expect(rungSize(p360, 1920, 800)).toEqual([864, 360]);
  });
});

describe('masterPlaylist', () => {
  const [p360, p720] = RUNGS as [(typeof RUNGS)[0], (typeof RUNGS)[0]];
  const text = masterPlaylist([
    {
      rung: p720,
      width: 1280,
      height: 720,
      bandwidth: 2_000_000.4,
      average: 1_500_000,
      audio: true,
    },
    { rung: p360, width: 640, height: 360, bandwidth: 600_000, average: 400_000.2, audio: true },
  ]);

  it('lists each rung, lowest first, with bandwidth, resolution, codecs and name', () => {
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=600000,AVERAGE-BANDWIDTH=400001,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",NAME="360p"',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2000001,AVERAGE-BANDWIDTH=1500000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",NAME="720p"',
        '720p/index.m3u8',
        '',
      ].join('\n'),
    );
    expect(firstVariant(text)).toBe('360p/index.m3u8');
  });

  it('names video alone when there is no sound', () => {
    const silent = masterPlaylist([
      { rung: p360, width: 640, height: 360, bandwidth: 1, average: 1, audio: false },
    ]);
    expect(silent).toContain('CODECS="avc1.4d401e",NAME="360p"');
    expect(firstVariant('#EXTM3U\n#EXTINF:6,\nseg-000.m4s\n')).toBeNull();
  });
});

describe('avcCodec', () => {
  it('reads profile, constraints and level from an init segment’s avcC box', () => {
    const init = Buffer.concat([
      Buffer.from('....ftypiso5....moov....avcC', 'latin1'),
      Buffer.from([1, 0x64, 0x00, 0x28, 0xff]),
    ]);
    expect(avcCodec(init)).toBe('avc1.640028');
    expect(avcCodec(Buffer.from('....ftypiso5', 'latin1'))).toBeNull();
  });
});

describe('ladderArgs', () => {
  const args = ladderArgs({
    input: ['-i', '/tmp/in.mp4'],
    filter: 'null',
    width: 1920,
    height: 1080,
    fps: '1/5',
    audio: true,
    segment: 60,
    out: '/tmp/out',
    rungs: rungsFor(1920, 1080),
  });
  const joined = args.join(' ');

  it('decodes once and scales a split of the frames for every rung', () => {
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v]null,split=3[s0][s1][s2];[s0]scale=640:360[v0];[s1]scale=1280:720[v1];[s2]scale=1920:1080[v2]',
    );
    for (const [i, r] of ['360p', '720p', '1080p'].entries()) {
      expect(joined).toContain(`-map [v${i}] -map 0:a:0`);
      expect(joined).toContain(
        `-hls_segment_filename /tmp/out/${r}/seg-%03d.m4s /tmp/out/${r}/index.m3u8`,
      );
    }
  });

  it('puts keyframes at the same times in every rung, segments of 6 to 60 s', () => {
    expect(joined.match(/-force_key_frames expr:gte\(t,n_forced\*60\)/g)).toHaveLength(3);
    expect(joined.match(/-sc_threshold 0/g)).toHaveLength(3);
    expect(joined.match(/-g 12 -keyint_min 12/g)).toHaveLength(3);
    expect(joined.match(/-hls_time 60 /g)).toHaveLength(3);
    const short = ladderArgs({
      input: [],
      filter: 'null',
      width: 640,
      height: 360,
      segment: 2,
      out: '/o',
      rungs: rungsFor(640, 360),
    });
    expect(short.join(' ')).toContain('-hls_time 6 ');
    expect(short.join(' ')).not.toContain('-map 0:a:0');
  });
});

describe('the media store’s sealed keys', () => {
  const A = 'a'.repeat(24);
  it.each([
    [`sealed/${A}/index.m3u8`, true],
    [`sealed/${A}/video.mp4`, true],
    [`sealed/${A}/360p/index.m3u8`, true],
    [`sealed/${A}/720p/init.mp4`, true],
    [`sealed/${A}/1080p/seg-012.m4s`, true],
    [`sealed/${A}/720p/video.mp4`, false],
    [`sealed/${A}/480p/seg-000.m4s`, false],
    [`sealed/${A}/720p/x/seg-000.m4s`, false],
    [`sealed/${A}/../x/index.m3u8`, false],
  ])('%s → %s', (key, want) => expect(mediaKey(key)).toBe(want));
});

describe('the media store’s cover and ad creative keys', () => {
  it.each([
    ['gen/covers/course-1-640.webp', true, 'image/webp'],
    ['gen/covers/short-2-180.webp', true, 'image/webp'],
    // An older database's covers.
    ['gen/covers/course-1.svg', true, 'image/svg+xml'],
    ['gen/covers/course-1.png', false, 'image/png'],
    ['gen/covers/../x.webp', false, 'image/webp'],
    // Ad creatives: their pictures only, never the SVG they were drawn from.
    ['gen/ads/carousel-1.webp', true, 'image/webp'],
    ['gen/ads/carousel-1.svg', false, 'image/svg+xml'],
  ])('%s → %s', (key, want, type) => {
    expect(mediaKey(key)).toBe(want);
    if (want) expect(mediaType(key)).toBe(type);
  });
});

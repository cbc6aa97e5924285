/**
 * Sealed playlists answered from a bucket (issue 23, MEDIA_STORAGE=s3): every segment and init
 * URI becomes its object's pre-signed address, references to other playlists (a master's
 * renditions) stay relative so they come back through the grant, and nothing outside the item
 * is ever signed. Shown on a plain media playlist, a master and one of its renditions.
 */
import { describe, expect, it } from 'vitest';
import { freshAddress, signedAddresses } from '../../src/islands/media/hls.ts';
import { presignPlaylist, presignSeconds } from '../../src/server/services/learning/index.ts';

const A = 'a'.repeat(24);
const signed: string[] = [];
const sign = async (key: string) => {
  signed.push(key);
  return `https://bucket.example.cn/media/${key}?X-Amz-Signature=s`;
};
const url = (key: string) => `https://bucket.example.cn/media/${key}?X-Amz-Signature=s`;

describe('presignPlaylist', () => {
  it('a media playlist: init and every segment signed, tags kept', async () => {
    signed.length = 0;
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:6',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:6.000000,',
      'seg-000.m4s',
      '#EXTINF:6.000000,',
      'seg-001.m4s',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    expect(await presignPlaylist(text, `sealed/${A}/index.m3u8`, sign)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:6',
        `#EXT-X-MAP:URI="${url(`sealed/${A}/init.mp4`)}"`,
        '#EXTINF:6.000000,',
        url(`sealed/${A}/seg-000.m4s`),
        '#EXTINF:6.000000,',
        url(`sealed/${A}/seg-001.m4s`),
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    expect(signed.sort()).toEqual([
      `sealed/${A}/init.mp4`,
      `sealed/${A}/seg-000.m4s`,
      `sealed/${A}/seg-001.m4s`,
    ]);
  });

  it('a master playlist: its renditions (and other playlists) stay relative, nothing is signed', async () => {
    signed.length = 0;
    const text = [
      '#EXTM3U',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080',
      '1080p/index.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="720p/iframes.m3u8"',
      '',
    ].join('\r\n');
    const out = await presignPlaylist(text, `sealed/${A}/index.m3u8`, sign);
    expect(out.split('\n').filter((l) => !l.startsWith('#'))).toEqual([
      '360p/index.m3u8',
      '720p/index.m3u8',
      '1080p/index.m3u8',
      '',
    ]);
    expect(out).toContain('URI="720p/iframes.m3u8"');
    expect(signed).toEqual([]);
  });

  it('a rendition under its folder: its own init and segments, signed by their full key', async () => {
    signed.length = 0;
    const text =
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4",BYTERANGE="800@0"\n#EXTINF:6.0,\nseg-000.m4s\n#EXT-X-ENDLIST\n';
    const out = await presignPlaylist(text, `sealed/${A}/720p/index.m3u8`, sign);
    expect(out).toContain(`#EXT-X-MAP:URI="${url(`sealed/${A}/720p/init.mp4`)}",BYTERANGE="800@0"`);
    expect(out).toContain(`\n${url(`sealed/${A}/720p/seg-000.m4s`)}\n`);
    expect(signed.sort()).toEqual([`sealed/${A}/720p/init.mp4`, `sealed/${A}/720p/seg-000.m4s`]);
  });

  it('never signs what is not a plain name inside the item, nor a key (AES) URI', async () => {
    signed.length = 0;
    const odd = [
      '../bbbbbbbbbbbbbbbbbbbbbbbb/seg-000.m4s',
      './seg-000.m4s',
      '/media/sealed/x/seg-000.m4s',
      'https://elsewhere.example.com/seg-000.m4s',
      'seg-000.m4s?x=1',
    ];
    const text = [
      '#EXTM3U',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin"',
      ...odd.flatMap((u) => ['#EXTINF:6.0,', u]),
      '',
    ].join('\n');
    expect(await presignPlaylist(text, `sealed/${A}/index.m3u8`, sign)).toBe(text);
    expect(signed).toEqual([]);
  });

  it('keeps a URI the store will not sign as it is (it comes back through the grant)', async () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n';
    expect(await presignPlaylist(text, `sealed/${A}/index.m3u8`, async () => null)).toBe(text);
  });
});

describe('presignSeconds', () => {
  const now = new Date('2026-11-25T12:00:00.400Z');
  const at = (s: number) => now.getTime() / 1000 + s;
  it.each([
    ['a fresh grant', at(600), 600],
    ['halfway', at(299.9), 299],
    ['a grant longer than the cap', at(3600), 600],
    ['its last second', at(0.5), 1],
  ])('%s', (_, expires, want) => expect(presignSeconds(expires, now)).toBe(want));
});

describe('the player’s fresh addresses after a renewal', () => {
  it('reads each object’s newest signed address from a playlist and uses it for the old one', async () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n#EXT-X-ENDLIST\n';
    let n = 0;
    const signs = async (key: string) => `https://b.example.cn/media/${key}?X-Amz-Signature=${++n}`;
    const first = await presignPlaylist(text, `sealed/${A}/720p/index.m3u8`, signs);
    const renewed = signedAddresses(
      await presignPlaylist(text, `sealed/${A}/720p/index.m3u8`, signs),
    );
    const seg = `https://b.example.cn/media/sealed/${A}/720p/seg-000.m4s`;
    const init = `https://b.example.cn/media/sealed/${A}/720p/init.mp4`;
    expect([...renewed.keys()].sort()).toEqual([init, seg]);
    const old = first.split('\n').find((l) => l.startsWith('https://'))!;
    expect(old).toMatch(/Signature=[12]$/);
    expect(freshAddress(old, renewed)).toBe(renewed.get(seg));
    expect(freshAddress(old, renewed)).toMatch(/Signature=[34]$/);
    // Addresses of the site itself (disk media, playlists) are not the bucket's: left as they are.
    const own = `https://site.example.cn/media/s/g/${A}/720p/index.m3u8`;
    expect(freshAddress(own, renewed)).toBe(own);
    expect(signedAddresses('#EXTM3U\n720p/index.m3u8\nseg-000.m4s\n').size).toBe(0);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mediaFile,
  playlistSeconds,
  siteHlsSeconds,
} from '../../src/server/services/learning/index.ts';

let dir: string;
const saved = process.env.MEDIA_DIR;
beforeAll(() => {
  // A generated-media folder of our own (scripts/media.ts writes the real ones).
  dir = mkdtempSync(join(tmpdir(), 'xxt-media-'));
  process.env.MEDIA_DIR = dir;
  mkdirSync(join(dir, 'unit-lesson'));
  writeFileSync(
    join(dir, 'unit-lesson', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:60.000000,\nseg-000.m4s\n#EXTINF:21.5,\nseg-001.m4s\n#EXT-X-ENDLIST\n',
  );
  writeFileSync(join(dir, 'unit-lesson', 'seg-000.m4s'), Buffer.alloc(100, 1));
});
afterAll(() => {
  process.env.MEDIA_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe('media length from the playlist, not from the player', () => {
  it('sums #EXTINF durations', () => {
    expect(
      playlistSeconds('#EXTM3U\n#EXTINF:2.000000,\na.ts\n#EXTINF:1.5,\nb.ts\n#EXT-X-ENDLIST'),
    ).toBe(3.5);
    expect(playlistSeconds('#EXTM3U\n')).toBe(0);
  });

  it.each([
    ['/media/gen/unit-lesson/index.m3u8', 81.5],
    ['/media/gen/missing/index.m3u8', null],
    ['/media/gen/../../package.json', null],
    ['/media/hls/../../package.json', null],
    ['https://cdn.example.com/media/gen/unit-lesson/index.m3u8', null],
    ['/etc/passwd', null],
  ])('siteHlsSeconds(%s) → %s', async (url, expected) => {
    expect(await siteHlsSeconds(url)).toBe(expected);
  });
});

describe('generated media files', () => {
  it('serves a segment with its type and size', async () => {
    const f = await mediaFile('unit-lesson/seg-000.m4s');
    expect(f).toMatchObject({ type: 'video/iso.segment', size: 100 });
    const bytes = new Uint8Array(await new Response(f!.body).arrayBuffer());
    expect(bytes.length).toBe(100);
  });

  it.each([
    'unit-lesson/../../etc/passwd',
    '../unit-lesson/index.m3u8',
    'unit-lesson/notes.txt',
    'unit-lesson/seg-9.m4s',
    'a/b/index.m3u8',
    'missing/index.m3u8',
  ])('refuses %s', async (path) => {
    expect(await mediaFile(path)).toBeNull();
  });
});

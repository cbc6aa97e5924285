/**
 * Media through the media store (issue 14): an editor uploads an MP4 through
 * POST /api/admin/media/upload and gets its URL and measured length; the file
 * lands in the bucket (s3rver) or on disk and /media/<key> serves it with byte
 * ranges; the demo HLS media are put into the bucket at start and served from
 * there; wrong type, empty and too large uploads get their Chinese messages.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../scripts/media.ts';
import {
  buildMediaStore,
  diskMedia,
  storeDemoMedia,
  type MediaStore,
} from '../../../src/server/providers/storage/media.ts';
import { setProviders } from '../../../src/server/providers/registry.ts';
import {
  LEARNING_MSG,
  siteHlsSeconds,
  uploadVideo,
} from '../../../src/server/services/learning/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let server: S3rver;
let dir: string;
let env: Record<string, string>;
let rt: TestRuntime;
let editor: string;
/** A real 7-second MP4 made by ffmpeg, its moov box after the media (no faststart). */
let video: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xxt-media-'));
  const ff = ffmpegPath();
  if (!ff) throw new Error('ffmpeg is needed (npm ci installs @ffmpeg-installer)');
  const out = join(dir, 'clip.mp4');
  const made = spawnSync(
    ff,
    ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=64x36:d=7:r=5', '-c:v', 'mpeg4', out],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  video = readFileSync(out);
  // A generated HLS item like scripts/media.ts writes, in a MEDIA_DIR of this test's own.
  const media = join(dir, 'media');
  mkdirSync(join(media, 'video-9'), { recursive: true });
  writeFileSync(
    join(media, 'video-9/index.m3u8'),
    '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n#EXT-X-ENDLIST\n',
  );
  writeFileSync(join(media, 'video-9/init.mp4'), Buffer.from('init-bytes'));
  writeFileSync(join(media, 'video-9/seg-000.m4s'), Buffer.alloc(5000, 7));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'xxt-media', configs: [] }],
  });
  const { port } = await server.run();
  env = {
    MEDIA_STORAGE: 's3',
    MEDIA_DIR: media,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: '1',
    S3_BUCKET: 'xxt-media',
    S3_REGION: 'cn-hangzhou',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  // The /media route reads the process's store.
  Object.assign(process.env, env);
  rt = await createTestRuntime({ providerEnv: env });
  editor = await rt.tokenFor('13800138004');
}, 60_000);

afterAll(async () => {
  await rt?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function upload(token: string, bytes: Buffer | null, name = 'lesson.mp4') {
  const form = new FormData();
  form.append('title', '第一课');
  if (bytes) form.append('file', new File([new Uint8Array(bytes)], name, { type: 'video/mp4' }));
  return call<{ url: string; duration: number }>(rt, '/api/admin/media/upload', {
    multipart: form,
    token,
  });
}

/** GET /media/<key> through the site's route, as the server runs it. */
async function serve(key: string, headers: Record<string, string> = {}): Promise<Response> {
  const { GET } = await import('../../../src/pages/media/[...path].ts');
  const request = new Request(`http://127.0.0.1/media/${key}`, { headers });
  const cookies = { get: () => undefined };
  return (GET as (ctx: unknown) => Promise<Response>)({ params: { path: key }, request, cookies });
}

const stores: [string, () => MediaStore][] = [
  ['bucket', () => buildMediaStore(env)],
  ['disk', () => diskMedia(join(dir, 'disk-media'))],
];

describe.each(stores)('an uploaded MP4 in the %s store', (kind, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
    setProviders(rt.deps, { media: store });
  });

  it('answers its URL and measured length, and is served whole and by range', async () => {
    expect(store.name).toBe(kind === 'bucket' ? 's3' : 'disk');
    const res = await upload(editor, video);
    expect(res.body.message).toBe('上传成功');
    expect(res.body.code).toBe(200);
    expect(res.body.data.url).toMatch(/^\/media\/uploads\/[A-Za-z0-9_-]{22}\.mp4$/);
    expect(res.body.data.duration).toBe(7);
    const key = res.body.data.url.slice('/media/'.length);
    const whole = await store.open(key);
    expect(whole && 'body' in whole ? whole.size : null).toBe(video.length);
    const part = await store.open(key, { start: 100, end: 199 });
    if (!part || !('body' in part)) throw new Error('missing');
    expect(Buffer.from(await new Response(part.body).arrayBuffer())).toEqual(
      video.subarray(100, 200),
    );
    // The upload is in the audit log with what it made.
    const audit = await rt.db
      .selectFrom('admin_audit')
      .select(['detail'])
      .where('action', '=', '/api/admin/media/upload')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toContain(res.body.data.url);
  });

  it('refuses what is not an MP4, an empty upload and a moderator', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(editor, png, 'x.mp4')).body).toMatchObject({
      code: 400,
      message: LEARNING_MSG.upload.notMp4,
    });
    expect((await upload(editor, Buffer.alloc(0))).body.message).toBe(LEARNING_MSG.upload.empty);
    expect((await upload(editor, null)).body.message).toBe(LEARNING_MSG.upload.empty);
    const moderator = await rt.tokenFor('13800138005');
    expect((await upload(moderator, video)).body.code).toBe(403);
    // Nothing was stored by any of them.
    expect((await store.keys('uploads/')).size).toBe(1);
  });

  it('refuses a file past the limit while it streams, storing nothing', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(video)], 'big.mp4'));
    const req = new Request('http://x/', { method: 'POST', body: form });
    await expect(
      uploadVideo(store, req.body, req.headers.get('content-type')!, video.length - 1),
    ).rejects.toThrow(LEARNING_MSG.upload.tooLarge);
    expect((await store.keys('uploads/')).size).toBe(1);
  });
});

describe('the demo media in the bucket', () => {
  it('are put there at start and served from it by /media/, with ranges', async () => {
    const bucket = buildMediaStore(env);
    // What the runtime's start does in demo mode; a second pass finds nothing to do.
    expect(await storeDemoMedia(bucket, env.MEDIA_DIR)).toBe(3);
    expect(await bucket.keys('gen/')).toEqual(
      new Set(['gen/video-9/index.m3u8', 'gen/video-9/init.mp4', 'gen/video-9/seg-000.m4s']),
    );
    expect(await storeDemoMedia(bucket, env.MEDIA_DIR)).toBe(0);
    // Served from the bucket, not the folder: remove the folder first.
    rmSync(env.MEDIA_DIR!, { recursive: true, force: true });
    const list = await serve('gen/video-9/index.m3u8');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await list.text()).toContain('seg-000.m4s');
    const seg = await serve('gen/video-9/seg-000.m4s', { range: 'bytes=1000-1999' });
    expect(seg.status).toBe(206);
    expect(seg.headers.get('content-range')).toBe('bytes 1000-1999/5000');
    expect(seg.headers.get('content-length')).toBe('1000');
    expect(seg.headers.get('content-type')).toBe('video/iso.segment');
    expect(seg.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await seg.arrayBuffer()).byteLength).toBe(1000);
    const tail = await serve('gen/video-9/seg-000.m4s', { range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    expect((await serve('gen/video-9/seg-000.m4s', { range: 'bytes=9000-' })).status).toBe(416);
    expect((await serve('gen/video-9/seg-001.m4s')).status).toBe(404);
    // Lesson lengths are read from the bucket's playlist when the folder is not on this machine.
    expect(await siteHlsSeconds('/media/gen/video-9/index.m3u8')).toBe(6);
    expect((await serve('gen/../../etc/passwd')).status).toBe(404);
  });

  it('an uploaded MP4 is served by /media/ with immutable caching and ranges', async () => {
    setProviders(rt.deps, { media: buildMediaStore(env) });
    const res = await upload(editor, video);
    const key = res.body.data.url.slice('/media/'.length);
    const whole = await serve(key);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(video);
    const part = await serve(key, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1', 4, 8)).toBe('ftyp');
  });
});

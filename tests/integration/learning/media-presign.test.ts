/**
 * Paid media in a bucket (issue 23, MEDIA_STORAGE=s3, s3rver as the bucket): the app checks a
 * grant exactly as on disk (member, session, expiry) and then hands out pre-signed object
 * addresses that end no later than the grant: a playlist with every segment and init URI
 * signed, an MP4 as a redirect, so segment bytes and byte ranges come from the bucket. A
 * visitor, a member who has not bought the course, and an expired or forged grant still get
 * 403 with the Chinese message and no bytes. On disk the app still sends the bytes itself.
 *
 * s3rver checks a pre-signed address's expiry and access key but not its V4 signature, so the
 * signature is asserted by its parameters: every address handed out carries one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMediaStore,
  diskMedia,
  type MediaStore,
} from '../../../src/server/providers/storage/media.ts';
import {
  GRANT_SECONDS,
  LEARNING_MSG,
  mediaGrantKey,
  serveMedia,
  type MediaGrant,
} from '../../../src/server/services/learning/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let server: S3rver;
let dir: string;
let endpoint: string;
let bucket: MediaStore;
let disk: MediaStore;
let rt: TestRuntime;
let buyer: string;
let other: string;
/** A paid lesson (HLS) and another (an uploaded MP4) of the buyer's course. */
let hls: { lesson: number; item: string };
let mp4: { lesson: number; item: string; bytes: Buffer };

const hex = (n: number) => n.toString(16).padStart(24, '0');
const PLAYLIST =
  '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n#EXTINF:6.0,\nseg-001.m4s\n#EXT-X-ENDLIST\n';
const files = (tag: number): Record<string, Buffer> => ({
  'index.m3u8': Buffer.from(PLAYLIST),
  'init.mp4': Buffer.from(`init-${tag}`),
  'seg-000.m4s': Buffer.alloc(3000, tag),
  'seg-001.m4s': Buffer.alloc(2000, tag + 1),
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xxt-presign-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'xxt-media', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const env = {
    MEDIA_STORAGE: 's3',
    MEDIA_DIR: join(dir, 'media'),
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_BUCKET: 'xxt-media',
    S3_REGION: 'cn-hangzhou',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  bucket = buildMediaStore(env);
  disk = diskMedia(join(dir, 'disk'));
  rt = await createTestRuntime({ providerEnv: env });
  // The app's clock at the real time: s3rver judges a pre-signed address's expiry by its own.
  rt.clock.set(new Date());
  const c = await rt.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', 'STM32F103 从零到项目%')
    .executeTakeFirstOrThrow();
  const [first, second] = await rt.db
    .selectFrom('lessons')
    .select('id')
    .where('course_id', '=', c.id)
    .where('free_preview', '=', 0)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  hls = { lesson: first!.id, item: hex(2000 + first!.id) };
  mp4 = { lesson: second!.id, item: hex(3000 + second!.id), bytes: Buffer.alloc(9000) };
  for (let i = 0; i < mp4.bytes.length; i++) mp4.bytes[i] = (i * 7) % 251;
  // The same item in the bucket and on disk.
  const local = join(dir, 'files');
  mkdirSync(local, { recursive: true });
  for (const [name, bytes] of [
    ...Object.entries(files(5)).map(([f, b]) => [`${hls.item}/${f}`, b] as const),
    [`${mp4.item}/video.mp4`, mp4.bytes] as const,
  ]) {
    const file = join(local, name.replace('/', '-'));
    writeFileSync(file, bytes);
    for (const store of [bucket, disk]) await store.putFile(`sealed/${name}`, file);
  }
  for (const [l, url] of [
    [hls.lesson, `/media/sealed/${hls.item}/index.m3u8`],
    [mp4.lesson, `/media/sealed/${mp4.item}/video.mp4`],
  ] as const)
    await rt.db.updateTable('lessons').set({ video_url: url }).where('id', '=', l).execute();
  // Demo member 1 bought this course; member 2 did not.
  buyer = await rt.tokenFor(DEMO.members[0]);
  other = await rt.tokenFor(DEMO.members[1]);
}, 60_000);

afterAll(async () => {
  await rt?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET /media/<path> as the route answers it, from `store`, with the session cookie `session`. */
function fetchMedia(
  path: string,
  session?: string,
  headers: Record<string, string> = {},
  store = bucket,
) {
  return serveMedia(store, {
    path,
    request: new Request(`http://127.0.0.1/media/${path}`, { headers }),
    session,
    sealed: async () => ({ key: await mediaGrantKey(rt.deps), now: rt.clock.now() }),
  });
}

async function grant(lesson: number, token: string): Promise<string> {
  const res = await call<MediaGrant>(rt, '/api/media/grant', {
    form: { lessonId: String(lesson) },
    token,
  });
  expect(res.body.code).toBe(200);
  return res.body.data.url.slice('/media/'.length);
}

/** The parts of a pre-signed address of the bucket; fails on any other address. */
function presigned(url: string, key: string) {
  const u = new URL(url);
  expect(`${u.origin}${u.pathname}`).toBe(`${endpoint}/xxt-media/media/${key}`);
  const q = u.searchParams;
  expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
  expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  expect(q.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/cn-hangzhou\/s3\/aws4_request$/);
  const date = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(q.get('X-Amz-Date') ?? '')!;
  const signedAt = Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!);
  return { expires: Number(q.get('X-Amz-Expires')), signedAt };
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

describe('the buyer, with the media in a bucket', () => {
  it('gets the playlist with every segment and init URI pre-signed until the grant ends', async () => {
    const path = await grant(hls.lesson, buyer);
    const grantEnds = Number.parseInt(path.split('/')[1]!.split('.')[0]!, 36);
    // A little later in the grant's life: the addresses end with it, not GRANT_SECONDS later.
    rt.clock.advance(100_000);
    const res = await fetchMedia(path, buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const lines = text.split('\n');
    const uris = lines.filter((l) => l && !l.startsWith('#'));
    const init = /^#EXT-X-MAP:URI="([^"]+)"$/.exec(lines.find((l) => l.startsWith('#EXT-X-MAP'))!);
    expect(uris).toHaveLength(2);
    const want = files(5);
    for (const [file, url] of [
      ['init.mp4', init![1]!],
      ['seg-000.m4s', uris[0]!],
      ['seg-001.m4s', uris[1]!],
    ] as const) {
      const p = presigned(url, `sealed/${hls.item}/${file}`);
      const remaining = grantEnds - rt.clock.now().getTime() / 1000;
      expect(p.expires).toBeGreaterThan(0);
      expect(p.expires).toBeLessThanOrEqual(Math.min(remaining, GRANT_SECONDS - 100));
      expect(p.signedAt / 1000 + p.expires).toBeLessThanOrEqual(grantEnds);
      // The bytes come from the bucket itself.
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer())).toEqual(want[file]);
    }
    // No other address in it: the tags and durations are the playlist's own.
    expect(lines.filter((l) => l.startsWith('#')).join('\n')).toBe(
      PLAYLIST.split('\n')
        .filter((l) => l.startsWith('#'))
        .join('\n')
        .replace('URI="init.mp4"', `URI="${init![1]!}"`),
    );
    rt.clock.set(new Date());
  });

  it('a segment asked for by its granted address is a redirect to its pre-signed address', async () => {
    const path = await grant(hls.lesson, buyer);
    const res = await fetchMedia(`${folderOf(path)}/seg-001.m4s`, buyer);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.arrayBuffer()).toHaveProperty('byteLength', 0);
    const location = res.headers.get('location')!;
    // The grant's whole life (less the part of a second it was issued into).
    const { expires } = presigned(location, `sealed/${hls.item}/seg-001.m4s`);
    expect(GRANT_SECONDS - expires).toBeLessThanOrEqual(1);
    expect(Buffer.from(await (await fetch(location)).arrayBuffer())).toEqual(
      files(5)['seg-001.m4s'],
    );
    // A file the item lacks: the app does not ask the bucket (no round trip), the bucket says 404.
    const gone = await fetchMedia(`${folderOf(path)}/seg-007.m4s`, buyer);
    expect(gone.status).toBe(302);
    expect((await fetch(gone.headers.get('location')!)).status).toBe(404);
  });

  it('a sealed MP4 answers 302 to a pre-signed address that serves byte ranges', async () => {
    const path = await grant(mp4.lesson, buyer);
    expect(path).toMatch(/\/video\.mp4$/);
    const res = await fetchMedia(path, buyer, { range: 'bytes=0-99' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const location = res.headers.get('location')!;
    presigned(location, `sealed/${mp4.item}/video.mp4`);
    const part = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${mp4.bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp4.bytes.subarray(1000, 2000));
  });

  it('an address signed for a grant that has since ended is refused by the bucket', async () => {
    // The grant was issued 1,000 s ago and used 5 s later: its addresses ended 400 s ago.
    const real = new Date();
    rt.clock.set(new Date(real.getTime() - 1_000_000));
    const path = await grant(hls.lesson, buyer);
    rt.clock.advance(5_000);
    const res = await fetchMedia(`${folderOf(path)}/seg-000.m4s`, buyer);
    expect(res.status).toBe(302);
    const late = await fetch(res.headers.get('location')!);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');
    rt.clock.set(real);
  });
});

describe('everyone else, with the media in a bucket', () => {
  const all = (folder: string) =>
    ['index.m3u8', 'init.mp4', 'seg-000.m4s', 'seg-001.m4s'].map((f) => `${folder}/${f}`);

  async function refused(path: string, session: string | undefined, message: string) {
    const res = await fetchMedia(path, session);
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toBe(message);
  }

  it('a visitor and a member who has not bought the course get 403 and no address', async () => {
    for (const token of [undefined, other]) {
      const res = await call(rt, '/api/media/grant', {
        form: { lessonId: String(hls.lesson) },
        token,
      });
      expect(res.body.code).toBe(403);
      for (const p of all(`sealed/${hls.item}`))
        await refused(p, token, LEARNING_MSG.grant.missing);
    }
    // The buyer's grant, copied: bound to the buyer's session.
    const path = await grant(hls.lesson, buyer);
    for (const p of all(folderOf(path))) {
      await refused(p, other, LEARNING_MSG.grant.invalid);
      await refused(p, undefined, LEARNING_MSG.grant.invalid);
    }
    const forged = `s/zzzzzz.0.${'A'.repeat(22)}/${hls.item}/index.m3u8`;
    await refused(forged, undefined, LEARNING_MSG.grant.invalid);
  });

  it('an expired or forged grant gets 403 with its message and no address', async () => {
    const path = await grant(mp4.lesson, buyer);
    const [, g, item, file] = path.split('/');
    const [exp, member, sig] = g!.split('.');
    const later = (Number.parseInt(exp!, 36) + 86_400).toString(36);
    await refused(`s/${later}.${member}.${sig}/${item}/${file}`, buyer, LEARNING_MSG.grant.invalid);
    await refused(
      `s/${exp}.${member}.${'A'.repeat(22)}/${item}/${file}`,
      buyer,
      LEARNING_MSG.grant.invalid,
    );
    const real = rt.clock.now();
    rt.clock.advance((GRANT_SECONDS + 1) * 1000);
    await refused(path, buyer, LEARNING_MSG.grant.expired);
    rt.clock.set(real);
  });
});

describe('the same grant with the media on disk', () => {
  it('is answered with the bytes by the app itself, as before', async () => {
    const path = await grant(hls.lesson, buyer);
    const list = await fetchMedia(path, buyer, {}, disk);
    expect(list.status).toBe(200);
    expect(await list.text()).toBe(PLAYLIST);
    const seg = await fetchMedia(`${folderOf(path)}/seg-000.m4s`, buyer, {}, disk);
    expect(seg.status).toBe(200);
    expect(Buffer.from(await seg.arrayBuffer())).toEqual(files(5)['seg-000.m4s']);
    const part = await fetchMedia(
      await grant(mp4.lesson, buyer),
      buyer,
      { range: 'bytes=0-9' },
      disk,
    );
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp4.bytes.subarray(0, 10));
  });
});

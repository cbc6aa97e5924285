/**
 * Paid media stays paid (issue 23), over plain HTTP: the bytes of a lesson's or a paid
 * broadcast's media come only through a grant that an entitled play call issued, bound to the
 * buyer's session and ending within minutes. A visitor and a member who has not bought the
 * course get 0 bytes of any playlist, init or segment by any address they can see, guess or
 * reuse; the buyer plays every lesson; a free preview plays for a visitor.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../../../src/server/clock.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { diskMedia, type MediaStore } from '../../../src/server/providers/storage/media.ts';
import {
  GRANT_SECONDS,
  grantMedia,
  LEARNING_MSG,
  mediaGrantKey,
  serveMedia,
  type MediaGrant,
} from '../../../src/server/services/learning/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let dir: string;
let store: MediaStore;
let buyer: string;
let other: string;
/** A paid course, its lessons in order, and a paid broadcast of it (a replay). */
let course: { id: number; lessons: { id: number; free: boolean; item: string }[] };
let live: number;

/** A sealed HLS item on disk as scripts/media.ts writes it: playlist, init and two segments. */
function writeItem(name: string, tag: number) {
  const d = join(dir, 'sealed', name);
  mkdirSync(d, { recursive: true });
  writeFileSync(
    join(d, 'index.m3u8'),
    '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg-000.m4s\n#EXTINF:6.0,\nseg-001.m4s\n#EXT-X-ENDLIST\n',
  );
  writeFileSync(join(d, 'init.mp4'), Buffer.from(`init-${tag}`));
  writeFileSync(join(d, 'seg-000.m4s'), Buffer.alloc(4000, tag));
  writeFileSync(join(d, 'seg-001.m4s'), Buffer.alloc(4000, tag));
}

const hex = (n: number) => n.toString(16).padStart(24, '0');

beforeAll(async () => {
  rt = await createTestRuntime();
  dir = mkdtempSync(join(tmpdir(), 'xxt-grant-'));
  store = diskMedia(dir);
  const c = await rt.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', 'STM32F103 从零到项目%')
    .executeTakeFirstOrThrow();
  const rows = await rt.db
    .selectFrom('lessons')
    .select(['id', 'free_preview'])
    .where('course_id', '=', c.id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  course = { id: c.id, lessons: [] };
  for (const [i, l] of rows.entries()) {
    const item = hex(1000 + l.id);
    writeItem(item, i + 1);
    await rt.db
      .updateTable('lessons')
      .set({ video_url: `/media/sealed/${item}/index.m3u8` })
      .where('id', '=', l.id)
      .execute();
    course.lessons.push({ id: l.id, free: l.free_preview === 1, item });
  }
  expect(course.lessons.some((l) => l.free)).toBe(true);
  expect(course.lessons.filter((l) => !l.free).length).toBeGreaterThan(1);
  // The paid course's seminar, ended, with its recording as the replay.
  const replay = hex(99);
  writeItem(replay, 99);
  // The DC-DC seminar, a paid course's broadcast, becomes this course's.
  const b = await rt.db
    .selectFrom('live_broadcasts')
    .select('id')
    .where('title', 'like', '高效率 DC-DC 设计研讨会%')
    .executeTakeFirstOrThrow();
  live = b.id;
  const now = rt.clock.now().getTime();
  await rt.db
    .updateTable('live_broadcasts')
    .set({
      start_at: iso(new Date(now - 3 * 3_600_000)),
      end_at: iso(new Date(now - 3_600_000)),
      replay_url: `/media/sealed/${replay}/index.m3u8`,
      course_id: c.id,
    })
    .where('id', '=', live)
    .execute();
  // Demo member 1 bought this course (a paid order and its entitlement); member 2 did not.
  buyer = await rt.tokenFor(DEMO.members[0]);
  other = await rt.tokenFor(DEMO.members[1]);
  await rt.db
    .updateTable('resources')
    .set({ course_id: c.id })
    .where('title', '=', '《开关电源环路补偿计算表》')
    .execute();
});

afterAll(async () => {
  await rt?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET /media/<path> as the route answers it, with the session cookie of `session` if given. */
function fetchMedia(path: string, session?: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://127.0.0.1/media/${path}`, { headers });
  return serveMedia(store, {
    path,
    request,
    session,
    sealed: async () => ({ key: await mediaGrantKey(rt.deps), now: rt.clock.now() }),
  });
}

/** Every file of an item, through `base` (a granted address's folder, or any other). */
async function bytesOf(
  base: string,
  session?: string,
): Promise<{ status: number; bytes: number }[]> {
  const out = [];
  for (const f of ['index.m3u8', 'init.mp4', 'seg-000.m4s', 'seg-001.m4s']) {
    const res = await fetchMedia(`${base}/${f}`, session);
    out.push({ status: res.status, bytes: (await res.arrayBuffer()).byteLength });
  }
  return out;
}

const refusedAll = (rows: { status: number; bytes: number }[], status = 403) =>
  expect(rows.every((r) => r.status === status && r.bytes < 200)).toBe(true);

/** The part of a granted address after /media/, without the file. */
const folderOf = (url: string) => url.slice('/media/'.length, url.lastIndexOf('/'));

describe('a visitor', () => {
  it('gets nothing of a paid lesson by its catalogue address, a granted-looking one or the play call', async () => {
    const paid = course.lessons.find((l) => !l.free)!;
    const direct = await fetchMedia(`sealed/${paid.item}/index.m3u8`);
    expect(direct.status).toBe(403);
    expect(await direct.text()).toBe(LEARNING_MSG.grant.missing);
    refusedAll(await bytesOf(`sealed/${paid.item}`));
    const res = await call(rt, '/api/media/grant', { form: { lessonId: String(paid.id) } });
    expect(res.body.code).toBe(403);
    expect(res.body.message).toBe('购买课程后即可观看该课时');
    // A grant-shaped address with a made-up signature.
    refusedAll(await bytesOf(`s/zzzzzz.0.AAAAAAAAAAAAAAAAAAAAAA/${paid.item}`));
    // The course detail hands no address for a locked lesson.
    const detail = await call<{ detail: { lessons: { id: number; videoUrl: string | null }[] } }>(
      rt,
      `/api/course/detail/${course.id}`,
    );
    expect(detail.body.data.detail.lessons.find((l) => l.id === paid.id)!.videoUrl).toBeNull();
  });

  it('plays a free preview through a grant of its own, bound to no session', async () => {
    const free = course.lessons.find((l) => l.free)!;
    const res = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { lessonId: String(free.id) },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.url).toMatch(
      /^\/media\/s\/[0-9a-z]+\.0\.[A-Za-z0-9_-]{22}\/[0-9a-f]{24}\/index\.m3u8$/,
    );
    expect(res.body.data.url).not.toContain('sealed');
    const rows = await bytesOf(folderOf(res.body.data.url));
    expect(rows.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(rows[2]!.bytes).toBe(4000);
    // It opens that preview only: the same grant on a paid lesson's folder is refused.
    const paid = course.lessons.find((l) => !l.free)!;
    const swapped = folderOf(res.body.data.url).replace(free.item, paid.item);
    refusedAll(await bytesOf(swapped));
  });

  it('cannot have a broadcast grant', async () => {
    const res = await call(rt, '/api/media/grant', { form: { liveId: String(live) } });
    expect(res.body.code).toBe(401);
  });
});

describe('a member who has not bought the course', () => {
  it('is refused the watch key, the grant and the replay, and a buyer’s grant does not open for them', async () => {
    const paid = course.lessons.find((l) => !l.free)!;
    const key = await call(rt, '/api/duration/key', {
      form: { lessonId: String(paid.id) },
      token: other,
    });
    expect(key.body.code).toBe(403);
    expect(key.body.message).toBe('购买课程后即可观看该课时');
    const grant = await call(rt, '/api/media/grant', {
      form: { lessonId: String(paid.id) },
      token: other,
    });
    expect(grant.body.code).toBe(403);
    const play = await call(rt, `/api/live_broadcast/play/${live}`, { token: other });
    expect(play.body.code).toBe(403);
    // The buyer's address, copied: signed for the buyer's session, not this one, nor none.
    const bought = await call<{ videoUrl: string }>(rt, '/api/duration/key', {
      form: { lessonId: String(paid.id) },
      token: buyer,
    });
    const folder = folderOf(bought.body.data.videoUrl);
    refusedAll(await bytesOf(folder, other));
    refusedAll(await bytesOf(folder));
    const res = await fetchMedia(`${folder}/index.m3u8`, other);
    expect(await res.text()).toBe(LEARNING_MSG.grant.invalid);
  });
});

describe('the buyer', () => {
  it('plays every lesson through the grant of its watch key, in the session it was issued to', async () => {
    for (const l of course.lessons) {
      const res = await call<{ videoUrl: string; url: string; expiresAt: string }>(
        rt,
        '/api/duration/key',
        { form: { lessonId: String(l.id) }, token: buyer },
      );
      expect(res.body.code).toBe(200);
      expect(res.body.data.url).toBe(res.body.data.videoUrl);
      expect(new Date(res.body.data.expiresAt).getTime() - rt.clock.now().getTime()).toBe(
        GRANT_SECONDS * 1000,
      );
      const rows = await bytesOf(folderOf(res.body.data.videoUrl), buyer);
      expect(rows.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(rows.map((r) => r.bytes).slice(2)).toEqual([4000, 4000]);
    }
  });

  it('through an app’s bearer token as well as the cookie', async () => {
    const l = course.lessons.find((x) => !x.free)!;
    const res = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { lessonId: String(l.id) },
      token: buyer,
    });
    const seg = await fetchMedia(`${folderOf(res.body.data.url)}/seg-000.m4s`, undefined, {
      authorization: `Bearer ${buyer}`,
    });
    expect(seg.status).toBe(200);
    expect(seg.headers.get('cache-control')).toBe('private, max-age=600');
  });

  it('plays the paid broadcast’s replay, renewed through /api/media/grant', async () => {
    const play = await call<{ play: { streamUrl: string; expiresAt: string } }>(
      rt,
      `/api/live_broadcast/play/${live}`,
      { token: buyer },
    );
    expect(play.body.code).toBe(200);
    expect(play.body.data.play.streamUrl).toMatch(/^\/media\/s\//);
    expect(play.body.data.play.expiresAt).toBeTruthy();
    const rows = await bytesOf(folderOf(play.body.data.play.streamUrl), buyer);
    expect(rows.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const renewed = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { liveId: String(live) },
      token: buyer,
    });
    expect(renewed.body.code).toBe(200);
    expect((await fetchMedia(`${folderOf(renewed.body.data.url)}/seg-001.m4s`, buyer)).status).toBe(
      200,
    );
  });

  it('loses a grant when its time is up, and gets a fresh one', async () => {
    const l = course.lessons.find((x) => !x.free)!;
    const res = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { lessonId: String(l.id) },
      token: buyer,
    });
    const folder = folderOf(res.body.data.url);
    expect((await fetchMedia(`${folder}/seg-000.m4s`, buyer)).status).toBe(200);
    rt.clock.advance((GRANT_SECONDS + 1) * 1000);
    const late = await fetchMedia(`${folder}/seg-000.m4s`, buyer);
    expect(late.status).toBe(403);
    expect(await late.text()).toBe(LEARNING_MSG.grant.expired);
    const fresh = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { lessonId: String(l.id) },
      token: buyer,
    });
    expect((await fetchMedia(`${folderOf(fresh.body.data.url)}/seg-000.m4s`, buyer)).status).toBe(
      200,
    );
  });

  it('cannot stretch a grant: a changed expiry or member breaks its signature', async () => {
    const l = course.lessons.find((x) => !x.free)!;
    const res = await call<MediaGrant>(rt, '/api/media/grant', {
      form: { lessonId: String(l.id) },
      token: buyer,
    });
    const [, , grant, item] = res.body.data.url.split('/').slice(1);
    const [exp, member, sig] = grant!.split('.');
    const later = (Number.parseInt(exp!, 36) + 86_400).toString(36);
    for (const forged of [
      `${later}.${member}.${sig}`,
      `${exp}.0.${sig}`,
      `${exp}.${member}.${'A'.repeat(22)}`,
    ]) {
      const r = await fetchMedia(`s/${forged}/${item}/seg-000.m4s`, buyer);
      expect(r.status).toBe(403);
      expect(await r.text()).toBe(LEARNING_MSG.grant.invalid);
    }
  });
});

describe('uploads and downloads', () => {
  it('a lesson video uploaded in the console is sealed; a short video stays open', async () => {
    const upload = (purpose: string) => {
      const form = new FormData();
      // The smallest MP4 the upload accepts: ftyp and a moov with a 2-second mvhd.
      const mvhd = Buffer.alloc(108);
      mvhd.writeUInt32BE(108, 0);
      mvhd.write('mvhd', 4, 'latin1');
      mvhd.writeUInt32BE(1000, 20);
      mvhd.writeUInt32BE(2000, 24);
      const moov = Buffer.concat([Buffer.from([0, 0, 0, 116]), Buffer.from('moov'), mvhd]);
      const ftyp = Buffer.concat([
        Buffer.from([0, 0, 0, 16]),
        Buffer.from('ftypisom'),
        Buffer.alloc(4),
      ]);
      form.append(
        'file',
        new File([new Uint8Array(Buffer.concat([ftyp, moov]))], 'a.mp4', { type: 'video/mp4' }),
      );
      return call<{ url: string }>(rt, `/api/admin/media/upload?for=${purpose}`, {
        multipart: form,
        token: editorToken,
      });
    };
    const lesson = await upload('lesson');
    expect(lesson.body.code, lesson.body.message).toBe(200);
    expect(lesson.body.data.url).toMatch(/^\/media\/sealed\/[0-9a-f]{24}\/video\.mp4$/);
    const short = await upload('short');
    expect(short.body.data.url).toMatch(/^\/media\/uploads\/[A-Za-z0-9_-]+\.mp4$/);
  });

  it('a paid course’s file downloads for the buyer only; other members are sent to buy it', async () => {
    const r = await rt.db
      .selectFrom('resources')
      .select('id')
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow();
    const { downloadResponse } = await import('../../../src/server/services/courses/index.ts');
    const refused = await downloadResponse(rt.deps, r.id, await rt.userId(DEMO.members[1]));
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe(`/checkout?courseId=${course.id}`);
    expect(await refused.text()).toBe('');
    const visitor = await downloadResponse(rt.deps, r.id, null);
    expect(visitor.status).toBe(302);
    const ok = await downloadResponse(rt.deps, r.id, await rt.userId(DEMO.members[0]));
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

let editorToken: string;
beforeAll(async () => {
  editorToken = await rt.tokenFor('13800138004');
});

describe('a media origin (issue 25: pages served from a static export)', () => {
  it('MEDIA_ORIGIN, else API_ORIGIN, is where players are sent', () => {
    expect(loadConfig({ API_ORIGIN: 'https://api.example.cn/' }).mediaOrigin).toBe(
      'https://api.example.cn',
    );
    expect(
      loadConfig({ API_ORIGIN: 'https://api.example.cn', MEDIA_ORIGIN: 'https://v.example.cn' })
        .mediaOrigin,
    ).toBe('https://v.example.cn');
    expect(loadConfig({}).mediaOrigin).toBe('');
  });

  it('with one, a play call hands out absolute addresses on it: granted and open media alike', async () => {
    const deps = { ...rt.deps, config: { ...rt.deps.config, mediaOrigin: 'https://v.example.cn' } };
    const who = { memberId: 1, session: 'session-token' };
    const sealed = await grantMedia(
      deps,
      `/media/sealed/${course.lessons[1]!.item}/index.m3u8`,
      who,
    );
    expect(sealed.url).toMatch(
      new RegExp(
        `^https://v\\.example\\.cn/media/s/[^/]+/${course.lessons[1]!.item}/index\\.m3u8$`,
      ),
    );
    expect(sealed.expiresAt).not.toBeNull();
    expect(await grantMedia(deps, '/media/gen/short-1/index.m3u8', who)).toEqual({
      url: 'https://v.example.cn/media/gen/short-1/index.m3u8',
      expiresAt: null,
    });
    // Without one, the page's own origin, as before.
    expect((await grantMedia(rt.deps, '/media/gen/short-1/index.m3u8', who)).url).toBe(
      '/media/gen/short-1/index.m3u8',
    );
  });
});

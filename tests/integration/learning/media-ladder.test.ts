/**
 * The quality ladder of an upload (issue 23), on SQLite and PostgreSQL: a lesson video an
 * editor uploads plays as its MP4 until the `media.ladder` job has made the ladder beside it
 * with the bundled ffmpeg; then the lesson (and a broadcast using the same upload) points at
 * the master playlist, which lists the rungs the source allows and no more, each rendition as
 * long as the source; the rungs' bytes come through the buyer's grant and to no one else.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import {
  ffmpegPath,
  mediaGrantKey,
  playlistSeconds,
  serveMedia,
  type MediaGrant,
} from '../../../src/server/services/learning/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let dir: string;
let editor: string;
let buyer: string;
let lesson: number;

/** A real MP4 made by ffmpeg: a test picture with a tone, `w`×`h`, `seconds` long. */
function clip(name: string, w: number, h: number, seconds: number): Buffer {
  const out = join(dir, name);
  const made = spawnSync(
    ffmpegPath()!,
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=s=${w}x${h}:r=10:d=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=d=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  return readFileSync(out);
}

async function upload(bytes: Buffer, purpose: 'lesson' | 'live'): Promise<string> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'lesson.mp4', { type: 'video/mp4' }));
  const res = await call<{ url: string }>(rt, `/api/admin/media/upload?for=${purpose}`, {
    multipart: form,
    token: editor,
  });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data.url;
}

/** GET /media/<path> as the route answers it, with `session` as the session cookie. */
async function fetchMedia(path: string, session?: string) {
  const res = await serveMedia(rt.deps.providers.media, {
    path,
    request: new Request(`http://127.0.0.1/media/${path}`),
    session,
    sealed: async () => ({ key: await mediaGrantKey(rt.deps), now: rt.clock.now() }),
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

const grant = async () => {
  const res = await call<MediaGrant>(rt, '/api/media/grant', {
    form: { lessonId: String(lesson) },
    token: buyer,
  });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data.url;
};

const setLessonVideo = async (videoUrl: string) => {
  const { body } = await rt.post(
    '/api/admin/lesson/update',
    { id: String(lesson), videoUrl },
    editor,
  );
  expect(body.code, body.message).toBe(200);
};

const lessonUrl = async () =>
  (
    await rt.db
      .selectFrom('lessons')
      .select('video_url')
      .where('id', '=', lesson)
      .executeTakeFirstOrThrow()
  ).video_url;

const ladderJobs = () =>
  rt.db
    .selectFrom('jobs')
    .select(['status', 'run_at', 'dedupe_key'])
    .where('kind', '=', 'media.ladder')
    .orderBy('id')
    .execute();

const text = async (key: string) => {
  const f = await rt.deps.providers.media.open(key);
  if (!f || !('body' in f)) throw new Error(`missing ${key}`);
  return new Response(f.body).text();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xxt-ladder-'));
  rt = await createTestRuntime({
    providerEnv: { MEDIA_DIR: join(dir, 'media') },
    // The jobs table (not pg-boss) on PostgreSQL too, so the test runs the jobs itself.
    config: { jobsBackend: 'table' },
  });
  editor = await rt.tokenFor('13800138004');
  // Demo member 1 bought the STM32 course; its second lesson is paid.
  buyer = await rt.tokenFor(DEMO.members[0]);
  const course = await rt.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', 'STM32F103 从零到项目%')
    .executeTakeFirstOrThrow();
  lesson = (
    await rt.db
      .selectFrom('lessons')
      .select('id')
      .where('course_id', '=', course.id)
      .where('free_preview', '=', 0)
      .orderBy('sort_order')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);

afterAll(async () => {
  await rt?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a 1280×720 lesson upload of 20 s', () => {
  let url: string;
  let name: string;

  it('plays as its MP4 while its ladder is queued', async () => {
    url = await upload(clip('hd.mp4', 1280, 720, 20), 'lesson');
    expect(url).toMatch(/^\/media\/sealed\/[0-9a-f]{24}\/video\.mp4$/);
    name = url.split('/')[3]!;
    expect(await ladderJobs()).toEqual([
      expect.objectContaining({ status: 'pending', dedupe_key: `media-ladder:${name}` }),
    ]);
    await setLessonVideo(url);
    const granted = await grant();
    expect(granted).toMatch(new RegExp(`/${name}/video\\.mp4$`));
    const mp4 = await fetchMedia(granted.slice('/media/'.length), buyer);
    expect(mp4.status).toBe(200);
  });

  it('gets 360p and 720p from the job, each 20 s long, and the lesson moves to the master', async () => {
    expect(await runDueJobs(rt.deps, JOB_HANDLERS)).toBe(1);
    expect((await ladderJobs())[0]!.status).toBe('done');
    const master = await text(`sealed/${name}/index.m3u8`);
    const entries = [...master.matchAll(/^#EXT-X-STREAM-INF:(.*)\n(.*)$/gm)];
    expect(entries.map((e) => e[2])).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    expect(entries[0]![1]).toMatch(
      /BANDWIDTH=\d+,.*RESOLUTION=640x360,CODECS="avc1\.4d401e,mp4a\.40\.2",NAME="360p"/,
    );
    expect(entries[1]![1]).toMatch(
      /RESOLUTION=1280x720,CODECS="avc1\.4d401f,mp4a\.40\.2",NAME="720p"/,
    );
    expect(master).not.toContain('1080p');
    const lengths = [];
    for (const r of ['360p', '720p']) {
      const playlist = await text(`sealed/${name}/${r}/index.m3u8`);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      lengths.push(playlistSeconds(playlist));
    }
    expect(lengths).toEqual([20, 20]);
    expect(await lessonUrl()).toBe(`/media/sealed/${name}/index.m3u8`);
  });

  it('serves a rung’s segment through the buyer’s grant, and to no one else', async () => {
    const granted = await grant();
    expect(granted).toMatch(new RegExp(`/${name}/index\\.m3u8$`));
    const folder = granted.slice('/media/'.length, granted.lastIndexOf('/'));
    const seg = await fetchMedia(`${folder}/720p/seg-000.m4s`, buyer);
    expect(seg.status).toBe(200);
    expect(seg.body.length).toBeGreaterThan(1000);
    expect((await fetchMedia(`${folder}/360p/index.m3u8`, buyer)).body.toString()).toContain(
      'seg-000.m4s',
    );
    for (const refused of [
      await fetchMedia(`${folder}/720p/seg-000.m4s`),
      await fetchMedia(`${folder}/720p/seg-000.m4s`, await rt.tokenFor(DEMO.members[1])),
      await fetchMedia(`sealed/${name}/720p/seg-000.m4s`, buyer),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.length).toBeLessThan(200);
    }
  });

  it('a second run changes nothing', async () => {
    await rt.db
      .updateTable('jobs')
      .set({ status: 'pending', run_at: rt.clock.now().toISOString() })
      .where('kind', '=', 'media.ladder')
      .execute();
    expect(await runDueJobs(rt.deps, JOB_HANDLERS)).toBe(1);
    expect(await lessonUrl()).toBe(`/media/sealed/${name}/index.m3u8`);
  });
});

describe('an upload saved after its ladder is made', () => {
  it('is looked for again, and its lesson and broadcast move at the next look', async () => {
    const url = await upload(clip('small.mp4', 480, 270, 6), 'live');
    const name = url.split('/')[3]!;
    await runDueJobs(rt.deps, JOB_HANDLERS);
    const job = (await ladderJobs()).find((j) => j.dedupe_key === `media-ladder:${name}`)!;
    expect(job.status).toBe('pending');
    expect(Date.parse(job.run_at)).toBe(rt.clock.now().getTime() + 5 * 60_000);
    // A source below 360 lines keeps its own size in its one rung.
    expect(await text(`sealed/${name}/index.m3u8`)).toContain('RESOLUTION=480x270');
    await setLessonVideo(url);
    const live = await rt.db.selectFrom('live_broadcasts').select('id').executeTakeFirstOrThrow();
    await rt.db
      .updateTable('live_broadcasts')
      .set({ replay_url: url })
      .where('id', '=', live.id)
      .execute();
    rt.clock.advance(5 * 60_000);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect(await lessonUrl()).toBe(`/media/sealed/${name}/index.m3u8`);
    const row = await rt.db
      .selectFrom('live_broadcasts')
      .select('replay_url')
      .where('id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(row.replay_url).toBe(`/media/sealed/${name}/index.m3u8`);
    expect((await ladderJobs()).find((j) => j.dedupe_key === `media-ladder:${name}`)!.status).toBe(
      'done',
    );
  });
});

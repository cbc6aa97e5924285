import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCompletions } from '../../../src/server/services/members/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

interface Key {
  key: string;
  position: number;
  watchedSeconds: number;
  lengthSeconds: number;
  completed: boolean;
  videoUrl: string;
}
interface Added {
  watchedSeconds: number;
  position: number;
  completed: boolean;
  courseCompleted: boolean;
}

let rt: TestRuntime;
let token: string;
let member: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  token = await rt.tokenFor(DEMO.members[2]);
  member = await rt.userId(DEMO.members[2]);
  // Demo lessons run 8–28 minutes; these tests watch free lessons of 12 s
  // (a remote stream, whose length is the catalogue's).
  const free = rt.db.selectFrom('courses').select('id').where('price_cents', '=', 0);
  await rt.db
    .updateTable('lessons')
    .set({ duration_seconds: 12, video_url: 'https://media.example.com/demo/lesson-12s.m3u8' })
    .where('course_id', 'in', free)
    .execute();
});
afterAll(async () => {
  await rt.close();
});

/** Lessons of the first published course matching a price condition, with the member's paid orders left out. */
async function courseWith(free: boolean) {
  const courses = await rt.db
    .selectFrom('courses')
    .select(['id', 'price_cents'])
    .where('published', '=', 1)
    .where('price_cents', free ? '=' : '>', 0)
    .orderBy('id')
    .execute();
  for (const c of courses) {
    const paid = await rt.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', member)
      .where('course_id', '=', c.id)
      .executeTakeFirst();
    if (paid) continue;
    const lessons = await rt.db
      .selectFrom('lessons')
      .select(['id', 'free_preview'])
      .where('course_id', '=', c.id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    if (lessons.length > 0) return { id: c.id, lessons };
  }
  throw new Error('no such course in the seed');
}

const key = (lessonId: number) =>
  rt.post<Key>('/api/duration/key', { lessonId: String(lessonId) }, token);
const add = (form: Record<string, string>) => rt.post<Added>('/api/duration/add', form, token);

describe('POST /api/duration/key: gating', () => {
  it('needs a login', async () => {
    const c = await courseWith(true);
    const { body } = await rt.post('/api/duration/key', { lessonId: String(c.lessons[0]!.id) });
    expect(body.code).toBe(401);
  });

  it('refuses a locked lesson of an unpaid course, without its video', async () => {
    const c = await courseWith(false);
    const locked = c.lessons.find((l) => l.free_preview === 0)!;
    const { body } = await key(locked.id);
    expect(body).toEqual({ code: 403, message: '购买课程后即可观看该课时', data: null });
  });

  it('opens a free preview of a paid course', async () => {
    const c = await courseWith(false);
    const preview = c.lessons.find((l) => l.free_preview === 1);
    if (!preview) return;
    const { body } = await key(preview.id);
    expect(body.code).toBe(200);
    // Sealed demo media: the address is a grant for this member, never the stored one.
    expect(body.data.videoUrl).toMatch(
      /^\/media\/s\/[0-9a-z]+\.[0-9a-z]+\.[\w-]{22}\/[0-9a-f]{24}\/index\.m3u8$/,
    );
  });
});

describe('POST /api/duration/add: seconds actually watched', () => {
  it('counts playback, ignores a seek forward, resumes and records completion', async () => {
    const c = await courseWith(true);
    const lesson = c.lessons[0]!;
    const k = (await key(lesson.id)).body.data;
    expect(k).toMatchObject({
      position: 0,
      watchedSeconds: 0,
      lengthSeconds: 12,
      completed: false,
    });

    rt.clock.advance(4000);
    expect((await add({ key: k.key, from: '0', to: '4' })).body.data).toMatchObject({
      watchedSeconds: 4,
      position: 4,
    });

    // A seek from 4 to the end reported as playback two seconds later: refused, nothing counted.
    rt.clock.advance(2000);
    const seek = await add({ key: k.key, from: '4', to: '12' });
    expect(seek.body).toEqual({ code: 400, message: '观看记录无效', data: null });

    // The player reports the jump as a position only, then 1 s of playback after it.
    expect((await add({ key: k.key, position: '10' })).body.data).toMatchObject({
      watchedSeconds: 4,
      position: 10,
    });
    rt.clock.advance(1000);
    expect((await add({ key: k.key, from: '10', to: '11' })).body.data).toMatchObject({
      watchedSeconds: 5,
    });

    // Wall time while paused does not count: 60 s later only what played is reported and counted.
    rt.clock.advance(60_000);
    expect((await add({ key: k.key, from: '4', to: '7', position: '7' })).body.data).toMatchObject({
      watchedSeconds: 8,
      completed: false,
    });

    // A new key resumes where the member left off.
    const again = (await key(lesson.id)).body.data;
    expect(again).toMatchObject({ position: 7, watchedSeconds: 8 });

    rt.clock.advance(5000);
    const done = (await add({ key: again.key, from: '7', to: '12' })).body.data;
    expect(done).toMatchObject({ watchedSeconds: 12, completed: true });
    const row = await rt.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_id', '=', member)
      .where('lesson_id', '=', lesson.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.watched_ranges)).toEqual([[0, 12]]);
    expect(row).toMatchObject({ position_seconds: 12, watched_seconds: 12, completed: 1 });
  });

  it('records the course in completions once every lesson is finished', async () => {
    const c = await courseWith(true);
    let last: Added | undefined;
    for (const l of c.lessons) {
      const k = (await key(l.id)).body.data;
      for (let t = 0; t < 12; t += 4) {
        rt.clock.advance(4000);
        last = (await add({ key: k.key, from: String(t), to: String(t + 4) })).body.data;
      }
    }
    expect(last?.courseCompleted).toBe(true);
    const list = await listCompletions(rt.deps, member);
    expect(list.filter((x) => x.courseId === c.id && x.kind === 'course')).toHaveLength(1);
  });

  it("refuses another member's key and a made-up key", async () => {
    const c = await courseWith(true);
    const k = (await key(c.lessons[0]!.id)).body.data;
    const other = await rt.tokenFor(DEMO.members[0]);
    rt.clock.advance(2000);
    const { body } = await rt.post('/api/duration/add', { key: k.key, from: '0', to: '2' }, other);
    expect(body).toEqual({ code: 400, message: '观看记录已失效，请刷新页面后重试', data: null });
    expect((await add({ key: 'x'.repeat(32), from: '0', to: '1' })).body.code).toBe(400);
  });
});

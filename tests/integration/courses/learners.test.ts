/**
 * Learner and subscriber counts agree with the rows (issue 24, demo media):
 * a course's N 人学过 is the members with lesson progress or a completion of
 * it (not a seeded number), a member's first lesson adds one and drops the
 * course page's cache tag, and a column's N 人订阅 is its subscription rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseTags } from '../../../src/server/cache/tags.ts';
import { getCourseDetail } from '../../../src/server/services/courses/index.ts';
import { codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** The learners of a course, counted from the rows in JavaScript. */
async function learnersFromRows(courseId: number): Promise<number> {
  const [progress, done] = await Promise.all([
    rt.db
      .selectFrom('lesson_progress')
      .select('user_id')
      .where('course_id', '=', courseId)
      .execute(),
    rt.db.selectFrom('completions').select('user_id').where('course_id', '=', courseId).execute(),
  ]);
  return new Set([...progress, ...done].map((r) => r.user_id)).size;
}

describe('N 人学过 on a course', () => {
  it('is the rows for every seeded course, and the seeded learning shows', async () => {
    const courses = await rt.db
      .selectFrom('courses')
      .select(['id', 'title', 'view_count'])
      .where('published', '=', 1)
      .execute();
    let withLearners = 0;
    for (const c of courses) {
      const detail = await getCourseDetail(rt.deps, c.id, null);
      if (!detail) continue;
      const rows = await learnersFromRows(c.id);
      expect(detail.learnerCount, c.title).toBe(rows);
      if (rows > 0) withLearners++;
    }
    expect(withLearners).toBeGreaterThanOrEqual(4);
    // The member who finished 线性稳压器 has watched its lessons (学习记录 agrees).
    const ldo = courses.find((c) => c.title.includes('线性稳压器'))!;
    const progress = await rt.db
      .selectFrom('lesson_progress')
      .select('id')
      .where('course_id', '=', ldo.id)
      .execute();
    expect(progress.length).toBeGreaterThan(0);
  });

  it('a member watching a first lesson adds one learner and drops the course page', async () => {
    const course = await rt.db
      .selectFrom('courses as k')
      .innerJoin('lessons as l', 'l.course_id', 'k.id')
      .select(['k.id', 'l.id as lessonId'])
      .where('k.price_cents', '=', 0)
      .where('k.published', '=', 1)
      .where('k.id', 'not in', rt.db.selectFrom('lesson_progress').select('course_id'))
      .where('k.id', 'not in', rt.db.selectFrom('completions').select('course_id'))
      .orderBy('k.id')
      .orderBy('l.sort_order')
      .executeTakeFirstOrThrow();
    expect((await getCourseDetail(rt.deps, course.id, null))!.learnerCount).toBe(0);
    const token = (await codeLogin(rt, '13900000077')).token;
    const key = await rt.post<{ key: string }>(
      '/api/duration/key',
      { lessonId: String(course.lessonId) },
      token,
    );
    expect(key.body.code).toBe(200);
    rt.invalidated.length = 0;
    rt.clock.advance(3000);
    const added = await rt.post(
      '/api/duration/add',
      { key: key.body.data.key, from: '0', to: '3' },
      token,
    );
    expect(added.body.code).toBe(200);
    expect((await getCourseDetail(rt.deps, course.id, null))!.learnerCount).toBe(1);
    expect(rt.invalidated.flat()).toContain(courseTags.one(course.id));
    // Watching on is the same learner: the count stays, the page is not dropped again.
    rt.invalidated.length = 0;
    rt.clock.advance(3000);
    await rt.post('/api/duration/add', { key: key.body.data.key, from: '3', to: '6' }, token);
    expect((await getCourseDetail(rt.deps, course.id, null))!.learnerCount).toBe(1);
    expect(rt.invalidated.flat()).not.toContain(courseTags.one(course.id));
  });
});

describe('N 人订阅 on a column', () => {
  it('is the subscription rows, and a new subscription adds one', async () => {
    const col = await rt.db
      .selectFrom('classifies')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rows = async () =>
      (
        await rt.db
          .selectFrom('subscriptions')
          .select('id')
          .where('classify_id', '=', col.id)
          .execute()
      ).length;
    const token = (await codeLogin(rt, '13900000078')).token;
    const state = async () =>
      (
        await rt.get<{ count: number; subscribed: number }>(
          `/api/column/subscription?classifyId=${col.id}`,
          token,
        )
      ).body.data;
    const before = await rows();
    expect((await state()).count).toBe(before);
    const sub = await rt.post('/api/column/subscribe', { classifyId: String(col.id) }, token);
    expect(sub.body.code).toBe(200);
    expect(await rows()).toBe(before + 1);
    expect(await state()).toEqual({ count: before + 1, subscribed: 1 });
  });
});

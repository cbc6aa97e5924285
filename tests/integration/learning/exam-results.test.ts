/**
 * The exam service's signed result callback (issue 15) on SQLite and
 * PostgreSQL: a valid one stores the attempt once and shows in 我的完成;
 * forged, stale, tampered or unknown ones change nothing; parallel copies of
 * one callback store one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EXAM_SECRET, signParams } from '../../../src/server/services/learning/index.ts';
import { listCompletions } from '../../../src/server/services/members/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let member: number;
let token: string;
let course: { id: number; title: string };
let closedCourse: number;
let attempts = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  member = await rt.userId(DEMO.members[2]);
  token = await rt.tokenFor(DEMO.members[2]);
  course = await rt.db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('exam_enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  closedCourse = (
    await rt.db
      .selectFrom('courses')
      .select('id')
      .where('exam_enabled', '=', 0)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

/** A callback as the exam service sends it, signed unless told otherwise. */
function callback(over: Record<string, string> = {}, secret = DEV_EXAM_SECRET) {
  const params: Record<string, string> = {
    uid: String(member),
    rtype: 'course',
    rid: String(course.id),
    attempt: `att_test_${++attempts}`,
    score: '80',
    total: '100',
    passed: '1',
    ts: String(Math.floor(rt.clock.now().getTime() / 1000)),
    nonce: `n${attempts}`,
    ...over,
  };
  return { ...params, sign: signParams(params, secret) };
}
const send = (form: Record<string, string>) => rt.post('/api/examstar/callback', form);
/** The member's results for the course under test (the demo seeds others of its own). */
const rows = () =>
  rt.db
    .selectFrom('exam_results')
    .selectAll()
    .where('user_id', '=', member)
    .where('target_type', '=', 'course')
    .where('target_id', '=', course.id)
    .execute();

describe('POST /api/examstar/callback', () => {
  it('stores a valid result once and shows it to the member', async () => {
    const cb = callback({ score: '70' });
    expect((await send(cb)).body).toEqual({
      code: 200,
      message: '成功',
      data: { duplicate: false },
    });
    expect((await send(cb)).body.data).toEqual({ duplicate: true });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      target_type: 'course',
      target_id: course.id,
      score: 70,
      passed: 1,
    });
    const { body } = await rt.get<{ list: { title: string; score: number; passed: boolean }[] }>(
      `/api/examstar/results?type=course&id=${course.id}`,
      token,
    );
    expect(body.data.list).toEqual([
      expect.objectContaining({ title: course.title, score: 70, total: 100, passed: true }),
    ]);
    const done = await listCompletions(rt.deps, member);
    expect(done.find((d) => d.courseId === course.id && d.kind === 'exam')?.score).toBe(70);
  });

  it('keeps the best score in 我的完成', async () => {
    await send(callback({ score: '90' }));
    await send(callback({ score: '40', passed: '0' }));
    const done = await listCompletions(rt.deps, member);
    expect(done.find((d) => d.courseId === course.id && d.kind === 'exam')?.score).toBe(90);
    expect(await rows()).toHaveLength(3);
  });

  it('refuses forged, stale, tampered and unknown callbacks, storing nothing', async () => {
    const before = (await rows()).length;
    const forged = callback({}, 'not-the-secret');
    expect((await send(forged)).body).toEqual({ code: 401, message: '签名无效', data: null });
    const tampered = { ...callback({ score: '10' }), score: '100' };
    expect((await send(tampered)).body).toEqual({ code: 401, message: '签名无效', data: null });
    const stale = callback({ ts: String(Math.floor(rt.clock.now().getTime() / 1000) - 3600) });
    expect((await send(stale)).body).toEqual({ code: 401, message: '回调已过期', data: null });
    const nobody = callback({ uid: '999999' });
    expect((await send(nobody)).body.code).toBe(404);
    const closed = callback({ rid: String(closedCourse) });
    expect((await send(closed)).body).toEqual({
      code: 404,
      message: '考试对象不存在或未开启课后练习',
      data: null,
    });
    const over = callback({ score: '120' });
    expect((await send(over)).body).toEqual({
      code: 400,
      message: '回调参数不完整或格式错误',
      data: null,
    });
    const { sign: _drop, ...unsigned } = callback();
    expect((await send(unsigned)).body.code).toBe(401);
    expect((await send({})).body.code).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('stores one row for parallel copies of one callback', async () => {
    const before = (await rows()).length;
    const cb = callback({ score: '60' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(cb)));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(
      answers.filter((a) => (a.body.data as { duplicate: boolean }).duplicate === false),
    ).toHaveLength(1);
    expect((await rows()).length).toBe(before + 1);
  });

  it('results are for the member only', async () => {
    expect((await rt.get(`/api/examstar/results?type=course&id=${course.id}`)).body.code).toBe(401);
    // Another member sees only their own results for the course (the demo seeds some).
    const other = await rt.tokenFor(DEMO.members[0]);
    const otherId = await rt.userId(DEMO.members[0]);
    const theirs = await rt.db
      .selectFrom('exam_results')
      .select('score')
      .where('user_id', '=', otherId)
      .where('target_type', '=', 'course')
      .where('target_id', '=', course.id)
      .execute();
    const { body } = await rt.get<{ list: { score: number }[] }>(
      `/api/examstar/results?type=course&id=${course.id}`,
      other,
    );
    expect(body.data.list.map((r) => r.score).sort()).toEqual(theirs.map((r) => r.score).sort());
    expect(body.data.list.length).toBeLessThan((await rows()).length);
  });
});

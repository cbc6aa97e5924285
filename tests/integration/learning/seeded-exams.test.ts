/**
 * The demo's practice results and 我的完成 agree (issue 24: a seeded exam score of 92 showed
 * beside 还没有练习成绩): every seeded exam completion is the best of the member's stored
 * results for that course, and every course with results has its completion, as the exam
 * service's callback would have left them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listExamResults } from '../../../src/server/services/learning/index.ts';
import { listCompletions } from '../../../src/server/services/members/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

it('every seeded exam completion is the best of the stored practice results', async () => {
  let seen = 0;
  for (const phone of DEMO.members) {
    const userId = await rt.userId(phone);
    const [done, results] = await Promise.all([
      listCompletions(rt.deps, userId),
      listExamResults(rt.deps, userId),
    ]);
    const best = new Map<number, number>();
    for (const r of results.filter((x) => x.targetType === 'course'))
      best.set(
        r.targetId,
        Math.max(best.get(r.targetId) ?? 0, Math.round((r.score / r.total) * 100)),
      );
    const exams = done.filter((d) => d.kind === 'exam');
    expect(new Map(exams.map((d) => [d.courseId, d.score])), phone).toEqual(best);
    seen += exams.length;
  }
  expect(seen).toBeGreaterThan(0);
  // The member whose 我的完成 shows 最好成绩 92 has that result in 课后练习成绩.
  const m1 = await rt.userId(DEMO.members[0]);
  const results = await listExamResults(rt.deps, m1);
  expect(results.map((r) => `${r.score}/${r.total} ${r.passed ? '通过' : '未通过'}`)).toContain(
    '92/100 通过',
  );
});

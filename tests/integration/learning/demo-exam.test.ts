/**
 * The demo exam service asks questions of the course (issue 28: every course got the same
 * three generic questions, and the right answer was always the first option): each
 * exam-enabled seeded course has its own bank, answers sit at varied positions, and the
 * service scores what is submitted — all right is 100 and passes, 6 of 10 passes at 60,
 * 5 of 10 fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsFor, score } from '../../../src/server/providers/exam/fake-exam.ts';
import { COURSES } from '../../../src/server/db/seed/content/courses.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let token: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  token = await rt.tokenFor(DEMO.members[2]);
});
afterAll(async () => {
  await rt.close();
});

const examCourses = COURSES.filter((c) => c.exam);

describe('the question banks', () => {
  it('gives each exam-enabled seeded course its own bank of 8 to 10 questions', () => {
    expect(examCourses.length).toBeGreaterThanOrEqual(2);
    const seen = new Set<string>();
    for (const c of examCourses) {
      const qs = questionsFor(c.title);
      expect(qs.length, c.title).toBeGreaterThanOrEqual(8);
      expect(qs.length, c.title).toBeLessThanOrEqual(10);
      for (const q of qs) {
        expect(seen.has(q.q), `${c.title}: ${q.q}`).toBe(false);
        seen.add(q.q);
        expect(q.answer).toBeGreaterThanOrEqual(0);
        expect(q.answer).toBeLessThan(q.options.length);
      }
    }
    const [a, b] = examCourses;
    expect(questionsFor(a!.title).map((q) => q.q)).not.toEqual(
      questionsFor(b!.title).map((q) => q.q),
    );
  });

  it('puts the right answers at varied positions', () => {
    for (const c of examCourses) {
      const positions = new Set(questionsFor(c.title).map((q) => q.answer));
      expect(positions.size, c.title).toBeGreaterThanOrEqual(3);
    }
  });

  it('scores all right as 100, six of ten as a pass at 60 and five of ten as a fail', () => {
    const title = examCourses.find((c) => questionsFor(c.title).length === 10)!.title;
    const qs = questionsFor(title);
    const answers = (right: number) =>
      Object.fromEntries(
        qs.map((q, i) => [
          `q${i}`,
          String(i < right ? q.answer : (q.answer + 1) % q.options.length),
        ]),
      );
    expect(score(title, answers(10))).toEqual({ score: 100, total: 100, passed: true });
    expect(score(title, answers(6))).toEqual({ score: 60, total: 100, passed: true });
    expect(score(title, answers(5))).toEqual({ score: 50, total: 100, passed: false });
    expect(score(title, answers(0))).toEqual({ score: 0, total: 100, passed: false });
    // Always choosing the first option is no longer a way through.
    const firsts = Object.fromEntries(qs.map((_, i) => [`q${i}`, '0']));
    expect(score(title, firsts).passed).toBe(false);
  });
});

describe('the development exam service', () => {
  /** Opens the signed exam page of a seeded course and returns its subject and hidden fields. */
  async function open(title: string) {
    const course = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    const { body } = await rt.get<{ url: string }>(`/api/examstar/info?id=${course.id}`, token);
    expect(body.code).toBe(200);
    const url = new URL(body.data.url);
    const res = await rt.app.request(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    return { html: await res.text(), signed: Object.fromEntries(url.searchParams) };
  }

  it('asks each course its own questions and scores the submitted form', async () => {
    const [a, b] = examCourses;
    const pageA = await open(a!.title);
    const pageB = await open(b!.title);
    const qa = questionsFor(a!.title);
    expect(pageA.html).toContain(`练习对象：${a!.title}`);
    const esc = (t: string) =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    for (const q of qa) expect(pageA.html).toContain(esc(q.q));
    expect(pageB.html).not.toContain(qa[0]!.q);
    expect((pageA.html.match(/<fieldset>/g) ?? []).length).toBe(qa.length);

    const submit = async (right: number) => {
      const form = new URLSearchParams(pageA.signed);
      qa.forEach((q, i) =>
        form.set(`q${i}`, String(i < right ? q.answer : (q.answer + 1) % q.options.length)),
      );
      const res = await rt.app.request('/api/dev/examstar/submit', { method: 'POST', body: form });
      expect(res.status).toBe(200);
      return (await res.text()).match(/data-exam-score>([^<]*)</)?.[1];
    };
    expect(await submit(qa.length)).toBe('得分：100 分（通过）');
    const need = Math.ceil(qa.length * 0.6);
    expect(await submit(need)).toBe(`得分：${Math.round((need / qa.length) * 100)} 分（通过）`);
    expect(await submit(need - 1)).toBe(
      `得分：${Math.round(((need - 1) / qa.length) * 100)} 分（未通过）`,
    );
  });
});

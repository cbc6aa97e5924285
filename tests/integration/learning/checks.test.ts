/**
 * Checks inside lessons (课内练习, issue 28) through the real app, on SQLite and PostgreSQL: the
 * seeded LDO course's LM317 question (2.979 V within ±1 %), choices, the tries a check allows
 * (also under parallel answers), bad input refused with its own message and nothing stored, the
 * answer kept back until a check is finished, and the course completed only once every lesson
 * is watched and every check finished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCheckRow,
  CheckResult,
  CheckView,
} from '../../../src/server/services/learning/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { shortLdoCourse } from '../../support/learning.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let course: { id: number; lessons: number[] };
let checks: CheckView[];

const byKind = (kind: CheckView['kind'], unit?: string) =>
  checks.find((c) => c.kind === kind && (unit === undefined || c.unit === unit))!;

let phones = 0;
/** A member registered just now; its user id is kept for checking stored rows. */
const ids = new Map<string, number>();
async function newMember(): Promise<string> {
  phones += 1;
  const phone = `1390014${String(phones).padStart(4, '0')}`;
  const { token } = await codeLogin(rt, phone);
  ids.set(token, await rt.userId(phone));
  return token;
}

const list = async (token: string, lessonId: number) =>
  call<{ list: CheckView[] }>(rt, `/api/lesson/checks?lessonId=${lessonId}`, { token });

const answer = (token: string, checkId: number, form: Record<string, string | string[]>) =>
  call<CheckResult>(rt, '/api/lesson/check/answer', {
    token,
    form: { checkId: String(checkId), ...form },
  });

const stored = (checkId: number) =>
  rt.db.selectFrom('check_answers').selectAll().where('check_id', '=', checkId).execute();

beforeAll(async () => {
  rt = await createTestRuntime();
  course = await shortLdoCourse(rt);
  const token = await newMember();
  checks = [];
  for (const l of course.lessons) checks.push(...(await list(token, l)).body.data.list);
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/lesson/checks', () => {
  it('lists a lesson’s checks without their answers, to a member who may watch it', async () => {
    expect(checks.map((c) => c.kind)).toEqual(['single', 'numeric', 'multiple', 'numeric']);
    const lm317 = byKind('numeric', 'V');
    expect(lm317).toMatchObject({
      unit: 'V',
      tolerance: 1,
      atSeconds: 90,
      maxTries: 2,
      tries: 0,
      finished: false,
      answer: null,
      explanation: null,
      options: [],
    });
    expect(lm317.prompt).toContain('R2 = 332 Ω');
    expect(JSON.stringify(checks)).not.toContain('2.979');
    expect((await call(rt, `/api/lesson/checks?lessonId=${course.lessons[0]}`)).body.code).toBe(
      401,
    );
  });

  it('refuses a locked lesson of a paid course', async () => {
    const paid = await rt.db
      .selectFrom('lessons as l')
      .innerJoin('courses as c', 'c.id', 'l.course_id')
      .select('l.id')
      .where('c.price_cents', '>', 0)
      .where('l.free_preview', '=', 0)
      .executeTakeFirstOrThrow();
    const token = await newMember();
    expect((await list(token, paid.id)).body).toMatchObject({
      code: 403,
      message: '购买课程后即可观看该课时',
    });
  });
});

describe('POST /api/lesson/check/answer', () => {
  it('accepts 3.0 V for 2.979 V within ±1 %, and shows the answer once right', async () => {
    const token = await newMember();
    const res = await answer(token, byKind('numeric', 'V').id, { value: '3.0 V' });
    expect(res.body).toMatchObject({
      code: 200,
      message: '回答正确',
      data: {
        courseCompleted: false,
        check: {
          correct: true,
          finished: true,
          tries: 1,
          lastAnswer: '3 V',
          answer: '2.979 V（±1%）',
        },
      },
    });
    expect(res.body.data.check.explanation).toContain('1.25 V × (1 + R2 / R1)');
    // Another prefix of the unit, and a bare number in the check's unit, read the same.
    const other = await newMember();
    expect((await answer(other, byKind('numeric', 'V').id, { value: '2977mV' })).body.message).toBe(
      '回答正确',
    );
    const bare = await newMember();
    expect((await answer(bare, byKind('numeric', 'V').id, { value: '2.95' })).body.message).toBe(
      '回答正确',
    );
  });

  it('refuses 3.5 V, then shows the right answer once the tries are used, then takes no more', async () => {
    const token = await newMember();
    const id = byKind('numeric', 'V').id;
    const first = await answer(token, id, { value: '3.5' });
    expect(first.body).toMatchObject({
      code: 200,
      message: '回答错误，还可以再试 1 次',
      data: { check: { correct: false, finished: false, answer: null, explanation: null } },
    });
    const second = await answer(token, id, { value: '3.5 V' });
    expect(second.body).toMatchObject({
      code: 200,
      message: '回答错误，作答次数已用完',
      data: { check: { correct: false, finished: true, tries: 2, answer: '2.979 V（±1%）' } },
    });
    const third = await answer(token, id, { value: '2.979' });
    expect(third.body).toEqual({ code: 400, message: '本题的作答次数已用完', data: null });
    const view = (await list(token, course.lessons[1]!)).body.data.list[0]!;
    expect(view).toMatchObject({ tries: 2, correct: false, finished: true, lastAnswer: '3.5 V' });
  });

  it('refuses a wrong unit, a non-number, an empty answer and a value out of range, storing nothing', async () => {
    const token = await newMember();
    const id = byKind('numeric', 'V').id;
    const cases: [string, string][] = [
      ['3 A', '单位应为 V'],
      ['3 kW', '单位应为 V'],
      ['三伏', '答案应为数值，例如 3.3 或 3.3 V'],
      ['3..0', '答案应为数值，例如 3.3 或 3.3 V'],
      ['', '请输入答案，例如 3.3 V'],
      ['1e13', '数值超出范围，请检查数量级'],
    ];
    for (const [value, message] of cases)
      expect((await answer(token, id, { value })).body, value).toEqual({
        code: 400,
        message,
        data: null,
      });
    expect((await stored(id)).filter((r) => r.user_id === ids.get(token))).toEqual([]);
  });

  it('grades choices, and refuses a missing, extra or unknown choice', async () => {
    const token = await newMember();
    const single = byKind('single');
    expect((await answer(token, single.id, {})).body.message).toBe('请选择一个答案');
    expect((await answer(token, single.id, { choices: ['0', '1'] })).body.message).toBe(
      '请选择一个答案',
    );
    expect((await answer(token, single.id, { choices: '7' })).body.message).toBe(
      '所选答案不在选项中',
    );
    expect((await answer(token, single.id, { choices: '1' })).body).toMatchObject({
      code: 200,
      message: '回答正确',
      data: { check: { lastAnswer: 'B', answer: 'B. 调整管（导通管）' } },
    });
    const multiple = byKind('multiple');
    expect((await answer(token, multiple.id, {})).body.message).toBe('请至少选择一个答案');
    expect((await answer(token, multiple.id, { choices: '0,1' })).body.message).toBe(
      '回答错误，还可以再试 1 次',
    );
    expect((await answer(token, multiple.id, { choices: ['3', '1', '0'] })).body).toMatchObject({
      message: '回答正确',
      data: { check: { tries: 2, lastAnswer: 'A、B、D' } },
    });
  });

  it('counts no more tries than allowed under parallel answers, and one right answer', async () => {
    const wrong = await newMember();
    const id = byKind('numeric', 'W').id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => answer(wrong, id, { value: '7 W' })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.message === '本题的作答次数已用完')).toHaveLength(8);

    const right = await newMember();
    const rights = await Promise.all(
      Array.from({ length: 6 }, () => answer(right, id, { value: '3.5W' })),
    );
    expect(rights.filter((a) => a.body.message === '回答正确')).toHaveLength(1);
    expect(rights.filter((a) => a.body.message === '本题已回答正确')).toHaveLength(5);
    const rows = await stored(id);
    expect(rows.find((r) => r.user_id === ids.get(wrong))).toMatchObject({ tries: 2, correct: 0 });
    expect(rows.find((r) => r.user_id === ids.get(right))).toMatchObject({ tries: 1, correct: 1 });
  });

  it('completes the course only once every lesson is watched and every check finished', async () => {
    const token = await newMember();
    let last: { courseCompleted: boolean } | undefined;
    for (const lessonId of course.lessons) {
      const key = await call<{ key: string }>(rt, '/api/duration/key', {
        token,
        form: { lessonId: String(lessonId) },
      });
      for (let t = 0; t < 12; t += 4) {
        rt.clock.advance(4000);
        last = (
          await call<{ courseCompleted: boolean }>(rt, '/api/duration/add', {
            token,
            form: { key: key.body.data.key, from: String(t), to: String(t + 4) },
          })
        ).body.data;
      }
    }
    // Every lesson watched, no check answered: not yet complete.
    expect(last?.courseCompleted).toBe(false);
    const done = async () =>
      (
        await rt.db
          .selectFrom('completions')
          .select('id')
          .where('user_id', '=', ids.get(token)!)
          .where('course_id', '=', course.id)
          .where('kind', '=', 'course')
          .execute()
      ).length;
    expect(await done()).toBe(0);
    const order = [byKind('single'), byKind('multiple'), byKind('numeric', 'W')];
    for (const c of order) {
      const r = await answer(
        token,
        c.id,
        c.kind === 'numeric' ? { value: '3.5' } : { choices: c.kind === 'single' ? '1' : '0,1,3' },
      );
      expect(r.body.data.courseCompleted, c.prompt).toBe(false);
    }
    // The last check, finished by using its tries (not right), completes it.
    await answer(token, byKind('numeric', 'V').id, { value: '5' });
    const final = await answer(token, byKind('numeric', 'V').id, { value: '5' });
    expect(final.body).toMatchObject({
      message: '回答错误，作答次数已用完',
      data: { courseCompleted: true },
    });
    expect(await done()).toBe(1);
  });
});

describe('staff: /api/admin/check/*', () => {
  const base = (lessonId: number) => ({
    lessonId: String(lessonId),
    kind: 'numeric',
    prompt: '分压电阻 R1 = R2 = 10 kΩ，输入 5 V，输出电压是多少？',
    options: '',
    answer: '2.5',
    unit: 'V',
    tolerance: '1',
    atSeconds: '',
    maxTries: '3',
    explanation: 'Vout = Vin × R2 / (R1 + R2) = 2.5 V',
    sortOrder: '0',
  });
  const count = async () =>
    Number(
      (
        await rt.db
          .selectFrom('lesson_checks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates, lists with the answer, changes and deletes a check, audited; a member may not', async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const member = await newMember();
    const lessonId = course.lessons[0]!;
    expect(
      (await call(rt, '/api/admin/check/create', { token: member, form: base(lessonId) })).body
        .code,
    ).toBe(403);
    const created = await call<{ id: number }>(rt, '/api/admin/check/create', {
      token: admin,
      form: base(lessonId),
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    const listed = await call<{ list: AdminCheckRow[] }>(
      rt,
      `/api/admin/check/list?courseId=${course.id}`,
      { token: admin },
    );
    expect(listed.body.data.list.find((c) => c.id === id)).toMatchObject({
      lessonId,
      kind: 'numeric',
      answer: '2.5',
      unit: 'V',
      tolerance: 1,
      atSeconds: null,
      maxTries: 3,
      answered: 0,
    });
    // Members see it on the lesson, without its answer, and may answer it.
    const seen = (await list(member, lessonId)).body.data.list.find((c) => c.id === id)!;
    expect(seen).toMatchObject({ unit: 'V', maxTries: 3, answer: null });
    expect((await answer(member, id, { value: '2.5V' })).body.message).toBe('回答正确');

    const changed = await call(rt, '/api/admin/check/update', {
      token: admin,
      form: { ...base(lessonId), id: String(id), answer: '3.3', prompt: '改过的题目' },
    });
    expect(changed.body.code).toBe(200);
    const row = await rt.db
      .selectFrom('lesson_checks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.prompt).toBe('改过的题目');
    expect(JSON.parse(row.answer)).toEqual({ value: 3.3, unit: 'V', tolerance: 1 });
    const audited = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'check')
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: '/api/admin/check/create', target_id: id },
        { action: '/api/admin/check/update', target_id: id },
      ]),
    );
    expect(
      (await call(rt, '/api/admin/check/delete', { token: admin, form: { id: String(id) } })).body
        .code,
    ).toBe(200);
    expect(await stored(id)).toEqual([]);
    expect(
      (await call(rt, '/api/admin/check/delete', { token: admin, form: { id: String(id) } })).body,
    ).toMatchObject({ code: 404, message: '练习题不存在或已删除' });
  });

  it('refuses a check that breaks a rule, with its own message, creating nothing', async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const lessonId = course.lessons[0]!;
    const choice = {
      ...base(lessonId),
      kind: 'single',
      options: '甲\n乙\n丙',
      answer: 'B',
      unit: '',
    };
    const cases: [Record<string, string>, string][] = [
      [{ ...choice, answer: 'A,C' }, '单选题只能有一个正确答案'],
      [{ ...choice, options: '只有一个' }, '选择题需要 2 到 8 个选项，每行一个'],
      [{ ...choice, answer: 'E' }, '正确答案不在选项中'],
      [{ ...choice, answer: '第二个' }, '正确答案请填写选项字母，例如 B 或 A,C'],
      [{ ...base(lessonId), unit: '' }, '数值题请填写单位，例如 V'],
      [{ ...base(lessonId), answer: '约2.5' }, '数值题的正确答案应为数值，例如 2.979'],
      [{ ...base(lessonId), tolerance: '60' }, '允许误差应为 0 到 50 之间的百分数'],
      [{ ...base(lessonId), maxTries: '0' }, '作答次数应为 1 到 10 次'],
      [{ ...base(lessonId), atSeconds: '86400' }, '提问时间应在课时时长之内'],
      [{ ...base(lessonId), kind: 'essay' }, '请选择题型'],
      [{ ...base(lessonId), lessonId: '999999' }, '课时不存在'],
    ];
    const before = await count();
    for (const [form, message] of cases)
      expect(
        (await call(rt, '/api/admin/check/create', { token: admin, form })).body,
        message,
      ).toMatchObject({
        code: 400,
        message,
      });
    expect(await count()).toBe(before);
  });
});

/**
 * Checks inside lessons for staff (console 课内练习, issue 28): list a course's checks with their
 * answers, create, replace and delete one. The rules a check must keep (two to eight options,
 * a right answer among them, one for a single choice; a number with a unit and a tolerance; a
 * second inside the lesson) are checked here, each refused with its own message; the member side
 * is checks.ts.
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import type { CheckKind } from '../../../../shared/lesson-checks.ts';

export const CHECK_ADMIN_MSG = {
  missing: '练习题不存在或已删除',
  lessonMissing: '课时不存在',
  optionsCount: '选择题需要 2 到 8 个选项，每行一个',
  optionTooLong: '每个选项不能超过100个字',
  choiceAnswer: '正确答案请填写选项字母，例如 B 或 A,C',
  singleAnswer: '单选题只能有一个正确答案',
  answerOutOfOptions: '正确答案不在选项中',
  numericAnswer: '数值题的正确答案应为数值，例如 2.979',
  unitRequired: '数值题请填写单位，例如 V',
  atSecondsTooLate: '提问时间应在课时时长之内',
} as const;

/** A check as staff edit it (the console's form, already parsed). */
export interface CheckInput {
  lessonId: number;
  kind: CheckKind;
  prompt: string;
  /** One option per line (choice kinds). */
  options: string;
  /** Option letters (B or A,C) or the number. */
  answer: string;
  unit: string;
  tolerance: number;
  atSeconds: number | null;
  maxTries: number;
  explanation: string;
  sortOrder: number;
}

/** A check as the console lists it, answer included. */
export interface AdminCheckRow {
  id: number;
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  kind: CheckKind;
  prompt: string;
  options: string[];
  /** As typed: letters for choices, the number for a numeric check. */
  answer: string;
  unit: string | null;
  tolerance: number | null;
  atSeconds: number | null;
  maxTries: number;
  explanation: string;
  sortOrder: number;
  /** Members who have answered it. */
  answered: number;
}

type StoredAnswer = { choices: number[] } | { value: number; unit: string; tolerance: number };

const letters = (choices: number[]) => choices.map((i) => String.fromCharCode(65 + i)).join(',');

/** The stored columns of a check, or a refusal naming what is wrong. */
async function stored(deps: Pick<Deps, 'db'>, input: CheckInput) {
  const lesson = await deps.db
    .selectFrom('lessons')
    .select(['id', 'duration_seconds'])
    .where('id', '=', input.lessonId)
    .executeTakeFirst();
  if (!lesson) throw AppError.badRequest(CHECK_ADMIN_MSG.lessonMissing);
  if (input.atSeconds !== null && input.atSeconds >= lesson.duration_seconds)
    throw AppError.badRequest(CHECK_ADMIN_MSG.atSecondsTooLate);
  let options: string[] = [];
  let answer: StoredAnswer;
  if (input.kind === 'numeric') {
    const value = Number(input.answer.trim());
    if (!input.answer.trim() || !Number.isFinite(value))
      throw AppError.badRequest(CHECK_ADMIN_MSG.numericAnswer);
    if (!input.unit.trim()) throw AppError.badRequest(CHECK_ADMIN_MSG.unitRequired);
    answer = { value, unit: input.unit.trim(), tolerance: input.tolerance };
  } else {
    options = input.options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    if (options.length < 2 || options.length > 8)
      throw AppError.badRequest(CHECK_ADMIN_MSG.optionsCount);
    if (options.some((o) => [...o].length > 100))
      throw AppError.badRequest(CHECK_ADMIN_MSG.optionTooLong);
    const picked = input.answer
      .toUpperCase()
      .split(/[\s,，、]+/)
      .filter(Boolean);
    if (picked.length === 0 || picked.some((p) => !/^[A-H]$/.test(p)))
      throw AppError.badRequest(CHECK_ADMIN_MSG.choiceAnswer);
    const choices = [...new Set(picked.map((p) => p.charCodeAt(0) - 65))].sort((a, b) => a - b);
    if (choices.some((i) => i >= options.length))
      throw AppError.badRequest(CHECK_ADMIN_MSG.answerOutOfOptions);
    if (input.kind === 'single' && choices.length !== 1)
      throw AppError.badRequest(CHECK_ADMIN_MSG.singleAnswer);
    answer = { choices };
  }
  return {
    lesson_id: input.lessonId,
    kind: input.kind,
    prompt: input.prompt,
    options: JSON.stringify(options),
    answer: JSON.stringify(answer),
    explanation: input.explanation,
    at_seconds: input.atSeconds,
    max_tries: input.maxTries,
    sort_order: input.sortOrder,
  };
}

/** A course's checks (every course's without one), in lesson and check order. */
export async function listAdminChecks(
  deps: Pick<Deps, 'db'>,
  courseId?: number,
): Promise<AdminCheckRow[]> {
  let q = deps.db
    .selectFrom('lesson_checks as k')
    .innerJoin('lessons as l', 'l.id', 'k.lesson_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select((eb) => [
      'k.id',
      'c.id as courseId',
      'c.title as courseTitle',
      'l.id as lessonId',
      'l.title as lessonTitle',
      'k.kind',
      'k.prompt',
      'k.options',
      'k.answer',
      'k.explanation',
      'k.at_seconds',
      'k.max_tries',
      'k.sort_order',
      eb
        .selectFrom('check_answers as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.check_id', '=', 'k.id')
        .where('a.tries', '>', 0)
        .as('answered'),
    ]);
  if (courseId !== undefined) q = q.where('c.id', '=', courseId);
  const rows = await q
    .orderBy('c.id')
    .orderBy('l.sort_order')
    .orderBy('k.sort_order')
    .orderBy('k.id')
    .execute();
  return rows.map((r) => {
    const a = JSON.parse(r.answer) as StoredAnswer;
    return {
      id: r.id,
      courseId: r.courseId,
      courseTitle: r.courseTitle,
      lessonId: r.lessonId,
      lessonTitle: r.lessonTitle,
      kind: r.kind,
      prompt: r.prompt,
      options: JSON.parse(r.options) as string[],
      answer: 'choices' in a ? letters(a.choices) : String(Number(a.value.toPrecision(6))),
      unit: 'unit' in a ? a.unit : null,
      tolerance: 'tolerance' in a ? a.tolerance : null,
      atSeconds: r.at_seconds,
      maxTries: r.max_tries,
      explanation: r.explanation,
      sortOrder: r.sort_order,
      answered: Number(r.answered ?? 0),
    };
  });
}

export async function createCheck(deps: Deps, input: CheckInput): Promise<{ id: number }> {
  const values = await stored(deps, input);
  const now = iso(deps.clock.now());
  const row = await deps.db
    .insertInto('lesson_checks')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Replaces a check's question and answer; members' answers so far are kept. */
export async function updateCheck(
  deps: Deps,
  id: number,
  input: CheckInput,
): Promise<{ id: number }> {
  const values = await stored(deps, input);
  const done = await deps.db
    .updateTable('lesson_checks')
    .set({ ...values, updated_at: iso(deps.clock.now()) })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(CHECK_ADMIN_MSG.missing);
  return { id };
}

/** Deletes a check with its answers. */
export async function deleteCheck(deps: Deps, id: number): Promise<{ id: number }> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('check_answers').where('check_id', '=', id).execute();
    const done = await trx.deleteFrom('lesson_checks').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(CHECK_ADMIN_MSG.missing);
    return { id };
  });
}

/** The lessons a check can be put on, as the console's select offers them: 课程 · 课时. */
export async function listCheckableLessons(
  deps: Pick<Deps, 'db'>,
): Promise<{ id: number; label: string }[]> {
  const rows = await deps.db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['l.id', 'l.title', 'c.title as course'])
    .orderBy('c.id')
    .orderBy('l.sort_order')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({ id: r.id, label: `${r.course} · ${r.title}` }));
}

/**
 * Checks inside lessons (课内练习, issue 28). A member who may watch a lesson sees its checks
 * and answers them: single or multiple choice, or a number in the check's unit within its
 * tolerance (src/shared/lesson-checks.ts). Each check allows a number of tries; a try is counted
 * by one conditional update of the member's answer row, so parallel answers can never use more
 * tries than allowed or answer a check twice. The right answer and the explanation are answered
 * only once the check is finished (right, or its tries used up), never before. A course counts
 * as completed when every lesson is watched and every check finished (playback.ts).
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import {
  CHECK_MSG,
  formatQuantity,
  readQuantity,
  sameChoices,
  withinTolerance,
  type CheckKind,
} from '../../../../shared/lesson-checks.ts';
import { completeCourseIfDone, openLesson } from '../playback.ts';

type D = Pick<Deps, 'db' | 'clock'>;

type Answer = { choices: number[] } | { value: number; unit: string; tolerance: number };

/** A check as a member sees it, with their own state; the answer only once finished. */
export interface CheckView {
  id: number;
  lessonId: number;
  kind: CheckKind;
  prompt: string;
  /** Option texts (choice kinds); [] for a number. */
  options: string[];
  /** The unit a number is answered in; null for choices. */
  unit: string | null;
  /** ± percent a number may be off; null for choices. */
  tolerance: number | null;
  /** The second the player asks it at; null: after the lesson. */
  atSeconds: number | null;
  maxTries: number;
  tries: number;
  correct: boolean;
  /** Right, or every try used: the answer and explanation are then shown. */
  finished: boolean;
  /** The member's last answer as shown (for example 3 V or B、D); null before the first. */
  lastAnswer: string | null;
  answer: string | null;
  explanation: string | null;
}

/** An answer's outcome: the check's new state, the message, and whether the course is now complete. */
export interface CheckResult {
  check: CheckView;
  message: string;
  courseCompleted: boolean;
}

type Row = {
  id: number;
  lesson_id: number;
  kind: CheckKind;
  prompt: string;
  options: string;
  answer: string;
  explanation: string;
  at_seconds: number | null;
  max_tries: number;
};

type State = { tries: number; correct: number; last_answer: string } | undefined;

const letter = (i: number) => String.fromCharCode(65 + i);

/** The options chosen, as shown: 'B' or 'A、C'. */
const shownChoices = (choices: readonly number[]) =>
  [...new Set(choices)]
    .sort((a, b) => a - b)
    .map(letter)
    .join('、');

/** The right answer as shown: 'B. 调整管' / 'A. … ；C. …' or '2.979 V（±1%）'. */
function rightAnswer(row: Row, answer: Answer, options: string[]): string {
  if ('choices' in answer)
    return [...answer.choices]
      .sort((a, b) => a - b)
      .map((i) => `${letter(i)}. ${options[i] ?? ''}`)
      .join('；');
  return `${formatQuantity(answer.value, answer.unit)}（±${answer.tolerance}%）`;
}

function view(row: Row, state: State): CheckView {
  const answer = JSON.parse(row.answer) as Answer;
  const options = JSON.parse(row.options) as string[];
  const tries = Number(state?.tries ?? 0);
  const correct = Number(state?.correct ?? 0) === 1;
  const finished = correct || tries >= row.max_tries;
  return {
    id: row.id,
    lessonId: row.lesson_id,
    kind: row.kind,
    prompt: row.prompt,
    options,
    unit: 'unit' in answer ? answer.unit : null,
    tolerance: 'tolerance' in answer ? answer.tolerance : null,
    atSeconds: row.at_seconds,
    maxTries: row.max_tries,
    tries,
    correct,
    finished,
    lastAnswer: state && tries > 0 ? state.last_answer : null,
    answer: finished ? rightAnswer(row, answer, options) : null,
    explanation: finished ? row.explanation || null : null,
  };
}

const CHECK_COLUMNS = [
  'id',
  'lesson_id',
  'kind',
  'prompt',
  'options',
  'answer',
  'explanation',
  'at_seconds',
  'max_tries',
] as const;

/** The checks of a lesson the member may watch, in order, with the member's state. */
export async function listChecks(deps: D, userId: number, lessonId: number): Promise<CheckView[]> {
  await openLesson(deps, userId, lessonId);
  const rows = await deps.db
    .selectFrom('lesson_checks')
    .select(CHECK_COLUMNS)
    .where('lesson_id', '=', lessonId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const states = await deps.db
    .selectFrom('check_answers')
    .select(['check_id', 'tries', 'correct', 'last_answer'])
    .where('user_id', '=', userId)
    .where(
      'check_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byCheck = new Map(states.map((s) => [s.check_id, s]));
  return rows.map((r) => view(r as Row, byCheck.get(r.id)));
}

/** Grades an answer without storing anything: right or not, and the answer as shown; a 400 for bad input. */
function grade(
  row: Row,
  input: { choices?: number[]; value?: string },
): { correct: boolean; shown: string } {
  const answer = JSON.parse(row.answer) as Answer;
  if ('value' in answer) {
    const q = readQuantity(input.value ?? '', answer.unit);
    if ('error' in q) throw AppError.badRequest(q.error);
    return {
      correct: withinTolerance(q.value, answer.value, answer.tolerance),
      shown: formatQuantity(q.value, answer.unit),
    };
  }
  const options = JSON.parse(row.options) as string[];
  const chosen = input.choices ?? [];
  if (row.kind === 'single' && new Set(chosen).size !== 1)
    throw AppError.badRequest(CHECK_MSG.chooseOne);
  if (chosen.length === 0) throw AppError.badRequest(CHECK_MSG.chooseSome);
  if (chosen.some((i) => !Number.isInteger(i) || i < 0 || i >= options.length))
    throw AppError.badRequest(CHECK_MSG.choiceInvalid);
  return { correct: sameChoices(chosen, answer.choices), shown: shownChoices(chosen) };
}

/**
 * One try at a check. Bad input (no choice, a wrong unit, a number out of range) is refused
 * before anything is stored; a try beyond the allowed number, or on a check already right, is
 * refused with its own message and changes nothing.
 */
export async function answerCheck(
  deps: D,
  userId: number,
  input: { checkId: number; choices?: number[]; value?: string },
): Promise<CheckResult> {
  const row = (await deps.db
    .selectFrom('lesson_checks')
    .select(CHECK_COLUMNS)
    .where('id', '=', input.checkId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw AppError.notFound(CHECK_MSG.notFound);
  const lesson = await openLesson(deps, userId, row.lesson_id);
  const { correct, shown } = grade(row, input);
  const now = iso(deps.clock.now());
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('check_answers')
      .values({ user_id: userId, check_id: row.id, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'check_id']).doNothing())
      .execute();
    // The try counts only while the check is open: not yet right, tries left.
    const counted = await trx
      .updateTable('check_answers')
      .set((eb) => ({
        tries: eb('tries', '+', 1),
        correct: correct ? 1 : 0,
        last_answer: shown,
        updated_at: now,
      }))
      .where('user_id', '=', userId)
      .where('check_id', '=', row.id)
      .where('correct', '=', 0)
      .where('tries', '<', row.max_tries)
      .executeTakeFirst();
    const state = await trx
      .selectFrom('check_answers')
      .select(['tries', 'correct', 'last_answer'])
      .where('user_id', '=', userId)
      .where('check_id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (Number(counted.numUpdatedRows) === 0)
      return { state, counted: false, courseCompleted: false };
    const finished = Number(state.correct) === 1 || Number(state.tries) >= row.max_tries;
    const courseCompleted =
      finished && (await completeCourseIfDone(trx, userId, lesson.courseId, now));
    return { state, counted: true, courseCompleted };
  });
  if (!outcome.counted)
    throw AppError.badRequest(
      Number(outcome.state.correct) === 1 ? CHECK_MSG.done : CHECK_MSG.noTries,
    );
  const check = view(row, outcome.state);
  const left = check.maxTries - check.tries;
  const message = check.correct
    ? CHECK_MSG.correct
    : left > 0
      ? CHECK_MSG.wrongLeft(left)
      : CHECK_MSG.wrongLast;
  return { check, message, courseCompleted: outcome.courseCompleted };
}

/** 我的完成's 课内练习: per course the member has answered in, checks finished and right of all. */
export interface CheckScore {
  courseId: number;
  title: string;
  total: number;
  finished: number;
  correct: number;
}

/** The member's checks results by course, most recently answered first. */
export async function listCheckScores(deps: D, userId: number): Promise<CheckScore[]> {
  const answered = await deps.db
    .selectFrom('check_answers as a')
    .innerJoin('lesson_checks as k', 'k.id', 'a.check_id')
    .innerJoin('lessons as l', 'l.id', 'k.lesson_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['c.id as courseId', 'c.title', 'a.correct', 'a.tries', 'k.max_tries', 'a.updated_at'])
    .where('a.user_id', '=', userId)
    .where('a.tries', '>', 0)
    .orderBy('a.updated_at', 'desc')
    .execute();
  if (answered.length === 0) return [];
  const courseIds = [...new Set(answered.map((a) => a.courseId))];
  const totals = await deps.db
    .selectFrom('lesson_checks as k')
    .innerJoin('lessons as l', 'l.id', 'k.lesson_id')
    .select(['l.course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('l.course_id', 'in', courseIds)
    .groupBy('l.course_id')
    .execute();
  const total = new Map(totals.map((t) => [t.course_id, Number(t.n)]));
  const out = new Map<number, CheckScore>();
  for (const a of answered) {
    const s = out.get(a.courseId) ?? {
      courseId: a.courseId,
      title: a.title,
      total: total.get(a.courseId) ?? 0,
      finished: 0,
      correct: 0,
    };
    const right = Number(a.correct) === 1;
    if (right) s.correct += 1;
    if (right || Number(a.tries) >= Number(a.max_tries)) s.finished += 1;
    out.set(a.courseId, s);
  }
  return [...out.values()];
}

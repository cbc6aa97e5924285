/**
 * 学习路线, the public and member side (issue 28). A path is an ordered list of steps (an
 * article, a lesson, a replay, a tool, a download). The path page is public and cached: it shows
 * the steps only. A member's state of each step comes from what the platform already stores:
 * an article is done when read to the end (article_progress.finished) and started when read in
 * part; a lesson when watched to the end (lesson_progress.completed). Replays, tools and
 * downloads leave no per-member record of use, so the member marks those done by hand
 * (learning_path_marks). Joining is one row per path and member whatever runs in parallel; the
 * weekly plan is the study days and the steps per week, and "this week" is Monday 00:00 to
 * Sunday 24:00 China time (UTC+8).
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { urls } from '../../../../shared/urls.ts';
import { RESOURCES_PAGE_SIZE, resourcePage } from '../../courses/index.ts';
import { countSince, weekStart } from './path-week.ts';
import { PATH_MSG, type PathStepKind } from '../../../../shared/learning-paths.ts';
import type { PlanInput } from '../../../../shared/schemas.ts';

type Db = Deps['db'];

/** A resource's line on the resources list (the path page is also tagged with that list). */
async function resourceUrl(db: Db, id: number): Promise<string> {
  const page = await resourcePage({ db }, id, RESOURCES_PAGE_SIZE);
  return page === null ? urls.resources() : `${urls.resources({ page })}#resource-${id}`;
}

/** A path on the list /paths. */
export interface PathSummary {
  id: number;
  title: string;
  summary: string;
  level: string;
  cover: string | null;
  stepCount: number;
}

/** One step as the public path page shows it. */
export interface PathStepView {
  id: number;
  position: number;
  kind: PathStepKind;
  targetId: number;
  title: string;
  url: string;
  note: string;
  /** Whether the member marks it done (replay, tool, download) or their progress decides. */
  markable: boolean;
}

export interface PathView extends PathSummary {
  steps: PathStepView[];
}

export type StepState = 'todo' | 'started' | 'done';

/** A member's state on one path: each step, the share done and this week's plan. */
export interface PathProgress {
  pathId: number;
  joined: boolean;
  steps: { stepId: number; state: StepState; doneAt: string | null }[];
  done: number;
  total: number;
  /** Whole percent done, 0–100. */
  percent: number;
  plan: { days: number[]; stepsPerWeek: number } | null;
  week: { start: string; target: number; doneThisWeek: number } | null;
}

const MARKABLE: readonly PathStepKind[] = ['replay', 'tool', 'resource'];

/** Published paths in list order, with their step counts. */
export async function listPaths(deps: Pick<Deps, 'db'>): Promise<PathSummary[]> {
  const rows = await deps.db
    .selectFrom('learning_paths as p')
    .leftJoin('learning_path_steps as s', 's.path_id', 'p.id')
    .select(['p.id', 'p.title', 'p.summary', 'p.level', 'p.cover'])
    .select((eb) => eb.fn.count<number>('s.id').as('steps'))
    .where('p.status', '=', 'published')
    .groupBy(['p.id', 'p.title', 'p.summary', 'p.level', 'p.cover', 'p.sort_order'])
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    level: r.level,
    cover: r.cover,
    stepCount: Number(r.steps),
  }));
}

/** Title and address of each step's target; a target that is gone shows as such. */
async function stepTargets(
  db: Db,
  steps: { kind: PathStepKind; target_id: number }[],
): Promise<Map<string, { title: string; url: string }>> {
  const ids = (k: PathStepKind) => [
    ...new Set(steps.filter((s) => s.kind === k).map((s) => s.target_id)),
  ];
  const out = new Map<string, { title: string; url: string }>();
  const put = (k: PathStepKind, id: number, title: string, url: string) =>
    out.set(`${k}:${id}`, { title, url });
  const [a, l, r, t, d] = [
    ids('article'),
    ids('lesson'),
    ids('replay'),
    ids('tool'),
    ids('resource'),
  ];
  if (a.length)
    for (const x of await db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where('id', 'in', a)
      .where('status', '=', 'published')
      .execute())
      put('article', x.id, x.title, urls.article(x.id));
  if (l.length)
    for (const x of await db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['lessons.id', 'lessons.title', 'lessons.course_id', 'courses.title as course'])
      .where('lessons.id', 'in', l)
      .execute())
      put('lesson', x.id, `${x.course}：${x.title}`, urls.course(x.course_id));
  if (r.length)
    for (const x of await db
      .selectFrom('live_broadcasts')
      .select(['id', 'title'])
      .where('id', 'in', r)
      .execute())
      put('replay', x.id, x.title, urls.liveDetail(x.id));
  if (t.length)
    for (const x of await db
      .selectFrom('learning_tools')
      .select(['id', 'name', 'url'])
      .where('id', 'in', t)
      .execute())
      put('tool', x.id, x.name, x.url);
  if (d.length)
    for (const x of await db
      .selectFrom('resources')
      .select(['id', 'title'])
      .where('id', 'in', d)
      .execute())
      // The list page holding it, at its line: a static export has no /resources/item/<id>.
      put('resource', x.id, x.title, await resourceUrl(db, x.id));
  return out;
}

/** The ordered steps of a path, with their targets' titles and addresses. */
export async function pathSteps(db: Db, pathId: number): Promise<PathStepView[]> {
  const steps = await db
    .selectFrom('learning_path_steps')
    .selectAll()
    .where('path_id', '=', pathId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const targets = await stepTargets(db, steps);
  return steps.map((s, i) => {
    const t = targets.get(`${s.kind}:${s.target_id}`);
    return {
      id: s.id,
      position: i + 1,
      kind: s.kind,
      targetId: s.target_id,
      title: t?.title ?? '（内容已下线）',
      url: t?.url ?? urls.paths(),
      note: s.note,
      markable: MARKABLE.includes(s.kind),
    };
  });
}

/** A published path with its steps (the public page); a draft or unknown id is not found. */
export async function getPath(deps: Pick<Deps, 'db'>, id: number): Promise<PathView> {
  const p = await deps.db
    .selectFrom('learning_paths')
    .select(['id', 'title', 'summary', 'level', 'cover'])
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!p) throw AppError.notFound(PATH_MSG.missing);
  const steps = await pathSteps(deps.db, id);
  return { ...p, stepCount: steps.length, steps };
}

async function publishedStep(db: Db, stepId: number) {
  const s = await db
    .selectFrom('learning_path_steps as s')
    .innerJoin('learning_paths as p', 'p.id', 's.path_id')
    .select(['s.id', 's.kind', 's.path_id'])
    .where('s.id', '=', stepId)
    .where('p.status', '=', 'published')
    .executeTakeFirst();
  if (!s) throw AppError.notFound(PATH_MSG.stepMissing);
  return s;
}

async function membership(db: Db, userId: number, pathId: number) {
  return db
    .selectFrom('learning_path_members')
    .selectAll()
    .where('path_id', '=', pathId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Each step's state for one member, from their reading, watching and marks. */
async function stepStates(db: Db, userId: number, pathId: number) {
  const steps = await db
    .selectFrom('learning_path_steps')
    .select(['id', 'kind', 'target_id'])
    .where('path_id', '=', pathId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const of = (k: PathStepKind) => steps.filter((s) => s.kind === k).map((s) => s.target_id);
  const [articles, lessons, marks] = await Promise.all([
    of('article').length
      ? db
          .selectFrom('article_progress')
          .select(['article_id as id', 'finished', 'updated_at'])
          .where('user_id', '=', userId)
          .where('article_id', 'in', of('article'))
          .execute()
      : [],
    of('lesson').length
      ? db
          .selectFrom('lesson_progress')
          .select(['lesson_id as id', 'completed as finished', 'updated_at'])
          .where('user_id', '=', userId)
          .where('lesson_id', 'in', of('lesson'))
          .execute()
      : [],
    steps.length
      ? db
          .selectFrom('learning_path_marks')
          .select(['step_id', 'done_at'])
          .where('user_id', '=', userId)
          .where(
            'step_id',
            'in',
            steps.map((s) => s.id),
          )
          .execute()
      : [],
  ]);
  const progress = new Map<string, { finished: number; updated_at: string }>();
  for (const a of articles) progress.set(`article:${a.id}`, a);
  for (const l of lessons) progress.set(`lesson:${l.id}`, l);
  const marked = new Map(marks.map((m) => [m.step_id, m.done_at]));
  return steps.map((s) => {
    if (MARKABLE.includes(s.kind)) {
      const at = marked.get(s.id) ?? null;
      return { stepId: s.id, state: (at ? 'done' : 'todo') as StepState, doneAt: at };
    }
    const p = progress.get(`${s.kind}:${s.target_id}`);
    const state: StepState = !p ? 'todo' : p.finished ? 'done' : 'started';
    return { stepId: s.id, state, doneAt: state === 'done' ? p!.updated_at : null };
  });
}

/** A member's state on a published path (joined or not), never cached. */
export async function pathProgress(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  pathId: number,
): Promise<PathProgress> {
  await getPath(deps, pathId);
  const [member, steps] = await Promise.all([
    membership(deps.db, userId, pathId),
    stepStates(deps.db, userId, pathId),
  ]);
  const done = steps.filter((s) => s.state === 'done').length;
  const start = weekStart(deps.clock.now());
  return {
    pathId,
    joined: !!member,
    steps,
    done,
    total: steps.length,
    percent: steps.length ? Math.floor((done * 100) / steps.length) : 0,
    plan: member
      ? { days: member.study_days.split(',').map(Number), stepsPerWeek: member.steps_per_week }
      : null,
    week: member
      ? {
          start,
          target: Math.min(member.steps_per_week, steps.length - done + countSince(steps, start)),
          doneThisWeek: countSince(steps, start),
        }
      : null,
  };
}

/** Joins a published path; joining again changes nothing (one row per path and member). */
export async function joinPath(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  pathId: number,
): Promise<PathProgress> {
  await getPath(deps, pathId);
  await deps.db
    .insertInto('learning_path_members')
    .values({ path_id: pathId, user_id: userId, joined_at: iso(deps.clock.now()) })
    .onConflict((oc) => oc.columns(['path_id', 'user_id']).doNothing())
    .execute();
  return pathProgress(deps, userId, pathId);
}

/** Leaves a path (its plan goes; marks stay, as the member's record of what they did). */
export async function leavePath(
  deps: Pick<Deps, 'db'>,
  userId: number,
  pathId: number,
): Promise<{ pathId: number }> {
  const r = await deps.db
    .deleteFrom('learning_path_members')
    .where('path_id', '=', pathId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw AppError.badRequest(PATH_MSG.notJoined);
  return { pathId };
}

/** Sets the member's weekly plan on a path they joined (checked by planSchema). */
export async function setPlan(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  pathId: number,
  plan: PlanInput,
): Promise<PathProgress> {
  const r = await deps.db
    .updateTable('learning_path_members')
    .set({ study_days: plan.days.join(','), steps_per_week: plan.stepsPerWeek })
    .where('path_id', '=', pathId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw AppError.badRequest(PATH_MSG.notJoined);
  return pathProgress(deps, userId, pathId);
}

/** Marks a replay, tool or download step done (or not); article and lesson steps follow progress. */
export async function markStep(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  stepId: number,
  done: boolean,
): Promise<PathProgress> {
  const step = await publishedStep(deps.db, stepId);
  if (!MARKABLE.includes(step.kind)) throw AppError.badRequest(PATH_MSG.markByProgress);
  if (!(await membership(deps.db, userId, step.path_id)))
    throw AppError.badRequest(PATH_MSG.notJoined);
  if (done)
    await deps.db
      .insertInto('learning_path_marks')
      .values({ step_id: stepId, user_id: userId, done_at: iso(deps.clock.now()) })
      .onConflict((oc) => oc.columns(['step_id', 'user_id']).doNothing())
      .execute();
  else
    await deps.db
      .deleteFrom('learning_path_marks')
      .where('step_id', '=', stepId)
      .where('user_id', '=', userId)
      .execute();
  return pathProgress(deps, userId, step.path_id);
}

/** The user centre's 学习路线: every path the member joined, newest first, with progress. */
export async function myPaths(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  const rows = await deps.db
    .selectFrom('learning_path_members as m')
    .innerJoin('learning_paths as p', 'p.id', 'm.path_id')
    .select(['p.id', 'p.title', 'p.level', 'm.joined_at'])
    .where('m.user_id', '=', userId)
    .where('p.status', '=', 'published')
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      title: r.title,
      level: r.level,
      url: urls.path(r.id),
      joinedAt: r.joined_at,
      progress: await pathProgress(deps, userId, r.id),
    })),
  );
}

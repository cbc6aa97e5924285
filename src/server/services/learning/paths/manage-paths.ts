/**
 * 学习路线 for staff (issue 28): paths with their ordered steps, made, edited, published and
 * deleted in the console (section 学习路线). A step names its target by kind and id; every
 * target must exist. Saving the steps keeps the rows of steps that stay (same kind and target),
 * so members' marks on them survive an edit. Each change drops the path pages' cache.
 */
import { pathTags } from '../../../cache/tags.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { commitChange } from '../../lib/index.ts';
import { PATH_MSG, type PathStepKind } from '../../../../shared/learning-paths.ts';
import { pathSteps, type PathStepView } from './paths.ts';

type Db = Deps['db'];

export interface PathStepInput {
  kind: PathStepKind;
  targetId: number;
  note: string;
}

export interface PathInput {
  title: string;
  summary: string;
  level: string;
  cover?: string | null;
  sortOrder?: number;
  status: 'draft' | 'published';
  steps: PathStepInput[];
}

/** A path as the console lists and edits it. */
export interface AdminPathRow {
  id: number;
  title: string;
  summary: string;
  level: string;
  cover: string | null;
  sortOrder: number;
  status: 'draft' | 'published';
  members: number;
  updatedAt: string;
  steps: PathStepView[];
}

const TARGET_TABLE = {
  article: 'articles',
  lesson: 'lessons',
  replay: 'live_broadcasts',
  tool: 'learning_tools',
  resource: 'resources',
} as const;

/** Every path, drafts included, with its steps and member count. */
export async function listAdminPaths(deps: Pick<Deps, 'db'>): Promise<AdminPathRow[]> {
  const rows = await deps.db
    .selectFrom('learning_paths')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const counts = await deps.db
    .selectFrom('learning_path_members')
    .select(['path_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('path_id')
    .execute();
  const members = new Map(counts.map((c) => [c.path_id, Number(c.n)]));
  return Promise.all(
    rows.map(async (p) => ({
      id: p.id,
      title: p.title,
      summary: p.summary,
      level: p.level,
      cover: p.cover,
      sortOrder: p.sort_order,
      status: p.status,
      members: members.get(p.id) ?? 0,
      updatedAt: p.updated_at,
      steps: await pathSteps(deps.db, p.id),
    })),
  );
}

/** Refuses the first step whose target does not exist (第n步的目标不存在). */
async function checkTargets(db: Db, steps: PathStepInput[]): Promise<void> {
  for (const [i, s] of steps.entries()) {
    const row = await db
      .selectFrom(TARGET_TABLE[s.kind])
      .select('id')
      .where('id', '=', s.targetId)
      .executeTakeFirst();
    if (!row) throw AppError.badRequest(PATH_MSG.targetMissing(i + 1));
  }
}

/** Makes the path's steps the given list, keeping the rows of steps that stay. */
async function saveSteps(trx: Db, pathId: number, steps: PathStepInput[]): Promise<void> {
  const old = await trx
    .selectFrom('learning_path_steps')
    .select(['id', 'kind', 'target_id'])
    .where('path_id', '=', pathId)
    .execute();
  const free = new Map<string, number[]>();
  for (const o of old) {
    const k = `${o.kind}:${o.target_id}`;
    free.set(k, [...(free.get(k) ?? []), o.id]);
  }
  const kept: number[] = [];
  for (const [i, s] of steps.entries()) {
    const id = free.get(`${s.kind}:${s.targetId}`)?.shift();
    if (id !== undefined) {
      kept.push(id);
      await trx
        .updateTable('learning_path_steps')
        .set({ position: i + 1, note: s.note })
        .where('id', '=', id)
        .execute();
    } else {
      const row = await trx
        .insertInto('learning_path_steps')
        .values({
          path_id: pathId,
          position: i + 1,
          kind: s.kind,
          target_id: s.targetId,
          note: s.note,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      kept.push(row.id);
    }
  }
  const gone = old.map((o) => o.id).filter((id) => !kept.includes(id));
  if (gone.length)
    await trx.deleteFrom('learning_path_marks').where('step_id', 'in', gone).execute();
  if (gone.length) await trx.deleteFrom('learning_path_steps').where('id', 'in', gone).execute();
}

const tagsOf = (id: number) => [pathTags.list, pathTags.one(id)];

export async function createPath(deps: Deps, input: PathInput): Promise<{ id: number }> {
  await checkTargets(deps.db, input.steps);
  return commitChange(deps, async (trx) => {
    const now = iso(deps.clock.now());
    const row = await trx
      .insertInto('learning_paths')
      .values({
        title: input.title,
        summary: input.summary,
        level: input.level,
        cover: input.cover ?? null,
        sort_order: input.sortOrder ?? 0,
        status: input.status,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveSteps(trx, row.id, input.steps);
    return { value: { id: row.id }, tags: tagsOf(row.id) };
  });
}

export async function updatePath(
  deps: Deps,
  id: number,
  input: Partial<PathInput>,
): Promise<{ id: number }> {
  if (input.steps) await checkTargets(deps.db, input.steps);
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('learning_paths')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.level !== undefined && { level: input.level }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
        ...(input.status !== undefined && { status: input.status }),
        updated_at: iso(deps.clock.now()),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(PATH_MSG.missing);
    if (input.steps) await saveSteps(trx, id, input.steps);
    return { value: { id }, tags: tagsOf(id) };
  });
}

export async function deletePath(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    // Spelled out rather than left to ON DELETE CASCADE, which SQLite applies only with the pragma on.
    const steps = trx.selectFrom('learning_path_steps').select('id').where('path_id', '=', id);
    await trx.deleteFrom('learning_path_marks').where('step_id', 'in', steps).execute();
    await trx.deleteFrom('learning_path_steps').where('path_id', '=', id).execute();
    await trx.deleteFrom('learning_path_members').where('path_id', '=', id).execute();
    const done = await trx.deleteFrom('learning_paths').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(PATH_MSG.missing);
    return { value: { id }, tags: tagsOf(id) };
  });
}

/**
 * Big columns and columns for staff (issue 12, section "content"): a big
 * column groups columns; a column groups courses. Names are unique where
 * they are shown side by side; a column with courses, or a big column with
 * columns, is kept (move or delete what it holds first).
 */
import { columnTags, courseTags, pageTags } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { commitChange } from '../lib/index.ts';
import { dropColumnSubscriptions } from '../members/index.ts';
import { COURSES_MSG } from './messages.ts';

export interface ColumnInput {
  name: string;
  description?: string;
  cover?: string | null;
  displayOrder?: number;
}

const bigPages = (id: number) => [columnTags.big(id), columnTags.list, pageTags.home];
const columnPages = (id: number, bigId: number) => [
  columnTags.one(id),
  columnTags.big(bigId),
  columnTags.list,
  courseTags.list,
  pageTags.home,
];

async function bigExists(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('big_classifies')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(COURSES_MSG.column.bigMissing);
}

export async function createBigColumn(deps: Deps, input: ColumnInput): Promise<{ id: number }> {
  const taken = await deps.db
    .selectFrom('big_classifies')
    .select('id')
    .where('name', '=', input.name)
    .executeTakeFirst();
  if (taken) throw new AppError(409, COURSES_MSG.column.nameTaken);
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('big_classifies')
      .values({
        name: input.name,
        description: input.description ?? '',
        cover: input.cover ?? null,
        display_order: input.displayOrder ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: bigPages(row.id) };
  });
}

export async function updateBigColumn(
  deps: Deps,
  id: number,
  input: Partial<ColumnInput>,
): Promise<{ id: number }> {
  await bigExists(deps, id).catch(() => {
    throw AppError.notFound(COURSES_MSG.column.bigMissing);
  });
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('big_classifies')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
      })
      .where('id', '=', id)
      .execute();
    return { value: { id }, tags: bigPages(id) };
  });
}

export async function deleteBigColumn(deps: Deps, id: number): Promise<{ id: number }> {
  await bigExists(deps, id).catch(() => {
    throw AppError.notFound(COURSES_MSG.column.bigMissing);
  });
  const child = await deps.db
    .selectFrom('classifies')
    .select('id')
    .where('big_classify_id', '=', id)
    .executeTakeFirst();
  if (child) throw new AppError(409, COURSES_MSG.column.bigHasColumns);
  return commitChange(deps, async (trx) => {
    await trx.deleteFrom('big_classifies').where('id', '=', id).execute();
    return { value: { id }, tags: bigPages(id) };
  });
}

export async function createColumn(
  deps: Deps,
  input: ColumnInput & { bigColumnId: number; hot?: boolean },
): Promise<{ id: number }> {
  await bigExists(deps, input.bigColumnId);
  const taken = await deps.db
    .selectFrom('classifies')
    .select('id')
    .where('big_classify_id', '=', input.bigColumnId)
    .where('name', '=', input.name)
    .executeTakeFirst();
  if (taken) throw new AppError(409, COURSES_MSG.column.nameTaken);
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('classifies')
      .values({
        big_classify_id: input.bigColumnId,
        name: input.name,
        description: input.description ?? '',
        cover: input.cover ?? null,
        display_order: input.displayOrder ?? 0,
        hot: input.hot ? 1 : 0,
        created_at: iso(deps.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: columnPages(row.id, input.bigColumnId) };
  });
}

export async function updateColumn(
  deps: Deps,
  id: number,
  input: Partial<ColumnInput & { bigColumnId: number; hot: boolean }>,
): Promise<{ id: number }> {
  const before = await deps.db
    .selectFrom('classifies')
    .select(['id', 'big_classify_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw AppError.notFound(COURSES_MSG.column.columnMissing);
  if (input.bigColumnId !== undefined) await bigExists(deps, input.bigColumnId);
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('classifies')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
        ...(input.bigColumnId !== undefined && { big_classify_id: input.bigColumnId }),
        ...(input.hot !== undefined && { hot: input.hot ? 1 : 0 }),
      })
      .where('id', '=', id)
      .execute();
    const tags = columnPages(id, before.big_classify_id);
    if (input.bigColumnId !== undefined) tags.push(columnTags.big(input.bigColumnId));
    return { value: { id }, tags };
  });
}

export async function deleteColumn(deps: Deps, id: number): Promise<{ id: number }> {
  const before = await deps.db
    .selectFrom('classifies')
    .select(['id', 'big_classify_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw AppError.notFound(COURSES_MSG.column.columnMissing);
  const course = await deps.db
    .selectFrom('courses')
    .select('id')
    .where('classify_id', '=', id)
    .executeTakeFirst();
  if (course) throw new AppError(409, COURSES_MSG.column.columnHasCourses);
  return commitChange(deps, async (trx) => {
    await dropColumnSubscriptions(trx, id);
    await trx.deleteFrom('classifies').where('id', '=', id).execute();
    return { value: { id }, tags: columnPages(id, before.big_classify_id) };
  });
}

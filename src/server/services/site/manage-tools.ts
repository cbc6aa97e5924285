/**
 * Learning tools for staff (issue 12): the links of /learningtools (a tool
 * of the site under /tool/… or an https page elsewhere) by category and
 * order. Each change drops the tool pages' cache through the change outbox.
 */
import { toolTags } from '../../cache/tags.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { commitChange } from '../lib/index.ts';
import { SITE_MSG } from './messages.ts';

export interface ToolInput {
  name: string;
  description: string;
  url: string;
  icon?: string | null;
  category: string;
  displayOrder?: number;
}

/** Every tool in display order, for the console. */
export async function listAdminTools(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .selectFrom('learning_tools')
    .selectAll()
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    url: t.url,
    icon: t.icon,
    category: t.category,
    displayOrder: t.display_order,
  }));
}

export async function createTool(deps: Deps, input: ToolInput): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('learning_tools')
      .values({
        name: input.name,
        description: input.description,
        url: input.url,
        icon: input.icon ?? null,
        category: input.category,
        display_order: input.displayOrder ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: [toolTags.list] };
  });
}

export async function updateTool(
  deps: Deps,
  id: number,
  input: Partial<ToolInput>,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('learning_tools')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.url !== undefined && { url: input.url }),
        ...(input.icon !== undefined && { icon: input.icon }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(SITE_MSG.tool.missing);
    return { value: { id }, tags: [toolTags.list] };
  });
}

export async function deleteTool(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx.deleteFrom('learning_tools').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(SITE_MSG.tool.missing);
    return { value: { id }, tags: [toolTags.list] };
  });
}

/**
 * Site-wide notices written by an admin (spec 3 notices; issue 3 freshness).
 * Notices appear on member pages that are never cached, but the notice tags
 * are still dropped so any cached view of them (and a CDN) refreshes at once.
 */
import { noticeTags, pageTags } from '../../cache/tags.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { textToHtml } from './shared.ts';
import { commitChange } from '../lib/index.ts';

const TEXT = {
  noticeMissing: '公告不存在',
  categoryMissing: '公告分类不存在',
} as const;

/** Fields of a notice for everyone; `content` is plain text, paragraphs split by blank lines. */
export interface NoticeInput {
  categoryId: number;
  title: string;
  content: string;
  /** Shown as the pop-up notice. */
  popup?: boolean;
}

async function checkCategory(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('notice_categories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(TEXT.categoryMissing);
}

async function checkNotice(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('notices')
    .select('id')
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(TEXT.noticeMissing);
}

const pages = (id: number) => [noticeTags.one(id), noticeTags.list, pageTags.home];

/** Publishes a notice for everyone now; returns its id. */
export async function createNotice(deps: Deps, input: NoticeInput): Promise<{ id: number }> {
  await checkCategory(deps, input.categoryId);
  const now = iso(deps.clock.now());
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({
        category_id: input.categoryId,
        title: input.title,
        content: textToHtml(input.content),
        popup: input.popup ? 1 : 0,
        user_id: null,
        published_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: pages(row.id) };
  });
}

/** Edits a notice for everyone; fields left out keep their value. */
export async function updateNotice(
  deps: Deps,
  id: number,
  input: Partial<NoticeInput>,
): Promise<{ id: number }> {
  await checkNotice(deps, id);
  if (input.categoryId !== undefined) await checkCategory(deps, input.categoryId);
  const patch = {
    ...(input.categoryId !== undefined && { category_id: input.categoryId }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.content !== undefined && { content: textToHtml(input.content) }),
    ...(input.popup !== undefined && { popup: input.popup ? 1 : 0 }),
  };
  // Nothing to change is not an error: the notice stays as it is.
  if (Object.keys(patch).length === 0) return { id };
  return commitChange(deps, async (trx) => {
    await trx.updateTable('notices').set(patch).where('id', '=', id).execute();
    return { value: { id }, tags: pages(id) };
  });
}

/** Deletes a notice for everyone with its read receipts (they cascade). */
export async function deleteNotice(deps: Deps, id: number): Promise<{ id: number }> {
  await checkNotice(deps, id);
  return commitChange(deps, async (trx) => {
    await trx.deleteFrom('notice_receipts').where('notice_id', '=', id).execute();
    await trx.deleteFrom('notices').where('id', '=', id).execute();
    return { value: { id }, tags: pages(id) };
  });
}

/**
 * Site-wide notices written by an admin (spec 3 notices; issue 3 freshness).
 * Notices appear on member pages that are never cached, but the notice tags
 * are still dropped so any cached view of them (and a CDN) refreshes at once.
 */
import { noticeTags, pageTags } from '../../cache/tags.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { sql } from 'kysely';
import {
  commitChange,
  containsPattern,
  LIB_MSG,
  listPage,
  type PageInput,
  renderDocInput,
  textToHtml,
} from '../lib/index.ts';
import { dropNoticeReceipts } from '../members/index.ts';
import { SITE_MSG } from './messages.ts';

/** Fields of a notice for everyone; `content` is plain text, paragraphs split by blank lines. */
export interface NoticeInput {
  categoryId: number;
  title: string;
  /** Plain text (API clients). */
  content?: string;
  /** The console editor's document (JSON), rendered to the notice's HTML. */
  contentDoc?: string;
  /** Shown as the pop-up notice. */
  popup?: boolean;
}

async function checkCategory(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('notice_categories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(SITE_MSG.notice.categoryMissing);
}

async function checkNotice(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('notices')
    .select('id')
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(SITE_MSG.notice.noticeMissing);
}

/** The body as stored: HTML from the editor's document, or from plain text. */
function noticeHtml(input: Partial<NoticeInput>): string | undefined {
  if (input.contentDoc !== undefined) return renderDocInput(input.contentDoc).html;
  return input.content === undefined ? undefined : textToHtml(input.content);
}

const pages = (id: number) => [noticeTags.one(id), noticeTags.list, pageTags.home];

/** Publishes a notice for everyone now; returns its id. */
export async function createNotice(deps: Deps, input: NoticeInput): Promise<{ id: number }> {
  await checkCategory(deps, input.categoryId);
  const content = noticeHtml(input);
  if (content === undefined) throw AppError.badRequest(LIB_MSG.doc.body);
  const now = iso(deps.clock.now());
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({
        category_id: input.categoryId,
        title: input.title,
        content,
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
  const content = noticeHtml(input);
  const patch = {
    ...(input.categoryId !== undefined && { category_id: input.categoryId }),
    ...(input.title !== undefined && { title: input.title }),
    ...(content !== undefined && { content }),
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
    await dropNoticeReceipts(trx, id);
    await trx.deleteFrom('notices').where('id', '=', id).execute();
    return { value: { id }, tags: pages(id) };
  });
}

/** Notices for everyone, newest first, with their category (the console's list). */
export async function listAdminNotices(deps: Pick<Deps, 'db'>, opts: PageInput & { q?: string }) {
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('notices as n')
    .innerJoin('notice_categories as c', 'c.id', 'n.category_id')
    .where('n.user_id', 'is', null)
    .$if(!!q, (b) => b.where(sql<boolean>`lower(n.title) LIKE ${containsPattern(q!)} ESCAPE '\\'`));
  return listPage(
    base,
    (q) =>
      q
        .select([
          'n.id',
          'n.title',
          'n.content',
          'n.popup',
          'n.category_id',
          'c.name',
          'n.published_at',
        ])
        .orderBy('n.id', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      popup: r.popup === 1,
      categoryId: r.category_id,
      categoryName: r.name,
      publishedAt: r.published_at,
    }),
    opts,
  );
}

/** Notice categories in display order. */
export async function noticeCategories(deps: Pick<Deps, 'db'>) {
  return deps.db
    .selectFrom('notice_categories')
    .select(['id', 'name'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The categories with how many site-wide notices each holds, for the console. */
export async function listAdminNoticeCategories(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .selectFrom('notice_categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.display_order',
      eb
        .selectFrom('notices as n')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('n.category_id', '=', 'c.id')
        .where('n.user_id', 'is', null)
        .as('notices'),
    ])
    .orderBy('c.display_order')
    .orderBy('c.id')
    .execute();
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    displayOrder: c.display_order,
    notices: Number(c.notices ?? 0),
  }));
}

export interface NoticeCategoryInput {
  name: string;
  displayOrder?: number;
}

export async function createNoticeCategory(
  deps: Deps,
  input: NoticeCategoryInput,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('notice_categories')
      .values({ name: input.name, display_order: input.displayOrder ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: [noticeTags.list] };
  });
}

export async function updateNoticeCategory(
  deps: Deps,
  id: number,
  input: Partial<NoticeCategoryInput>,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('notice_categories')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(SITE_MSG.notice.categoryMissing);
    return { value: { id }, tags: [noticeTags.list] };
  });
}

/** Deletes an empty category; one still holding notices (personal ones too) is refused. */
export async function deleteNoticeCategory(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const used = await trx
      .selectFrom('notices')
      .select('id')
      .where('category_id', '=', id)
      .executeTakeFirst();
    if (used) throw new AppError(409, SITE_MSG.notice.categoryInUse);
    const done = await trx.deleteFrom('notice_categories').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(SITE_MSG.notice.categoryMissing);
    return { value: { id }, tags: [noticeTags.list] };
  });
}

/**
 * The admin's review of member submissions: the pending queue, and approve
 * (published now, pages refreshed, indexed for search) or reject (with a note
 * the author sees in mypublish).
 */
import { articleTags, pageTags, searchTags } from '../../cache/tags.ts';
import { authorPage } from './publishing.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { commitChange, countRows, type PageInput, pageOf, pageRows } from '../lib/index.ts';
import { reindexDocument, removeDocument } from '../search/index.ts';
import { ARTICLES_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock' | 'cache'>;

/** Member submissions waiting for review, oldest first (the admin's queue). */
export async function listPendingArticles(deps: Pick<Deps, 'db'>, page: PageInput) {
  const base = deps.db.selectFrom('articles').where('status', '=', 'pending');
  const [list, total] = await Promise.all([
    base
      .select([
        'id',
        'title',
        'author_name as authorName',
        'user_id as userId',
        'updated_at as updatedAt',
      ])
      .orderBy('updated_at', 'asc')
      .$call(pageRows(page))
      .execute(),
    countRows(base),
  ]);
  return pageOf(list, total, page);
}

/** An admin's decision on a pending article: approve publishes it now, reject returns it with a note. */
export async function reviewArticle(
  deps: D,
  adminId: number,
  input: { id: number; approve: boolean; note?: string },
): Promise<{ id: number; status: 'published' | 'rejected' }> {
  const now = iso(deps.clock.now());
  const status = input.approve ? ('published' as const) : ('rejected' as const);
  return commitChange(deps, async (trx) => {
    const res = await trx
      .updateTable('articles')
      .set({
        status,
        published_at: input.approve ? now : null,
        review_note: input.note?.trim() || null,
        reviewed_at: now,
        reviewed_by: adminId,
      })
      .where('id', '=', input.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw AppError.badRequest(ARTICLES_MSG.review.notPending);
    // Approved: indexed for search; rejected: dropped from it (it was not public anyway).
    if (input.approve) await reindexDocument({ db: trx }, 'article', input.id);
    else await removeDocument({ db: trx }, 'article', input.id);
    return {
      value: { id: input.id, status },
      tags: [
        articleTags.one(input.id),
        articleTags.list,
        pageTags.home,
        searchTags.list,
        ...(await authorPage(trx, input.id)),
      ],
    };
  });
}

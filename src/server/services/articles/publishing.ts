/**
 * Member publishing (spec 7: /api/article/saveArticle, user/articleList,
 * deleteById) and the admin review that makes a submission public. Bodies
 * pass the HTML allowlist before they are stored; every submission, new or
 * edited, waits for review (publishing-review.ts), and public pages and
 * search follow each change.
 */
import { articleTags, memberTags, searchTags } from '../../cache/tags.ts';
import type { Database } from '../../db/database.ts';
import {
  commitChange,
  consumeLimits,
  htmlToText,
  ipRegion,
  listPage,
  type Paged,
  type PageInput,
  sanitizeRichText,
  stripControls,
} from '../lib/index.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { removeDocument } from '../search/index.ts';
import { noteMemberRegion } from '../accounts/index.ts';
import { ARTICLES_MSG } from './messages.ts';
import { fmt } from '../../../shared/messages.ts';

export const TITLE_MAX = 100;
/** Longest stored body in characters of HTML (about 60 printed pages). */
export const CONTENT_MAX = 200_000;
const SUMMARY_LENGTH = 120;

type D = Pick<Deps, 'db' | 'clock' | 'cache'>;

export interface ArticleInput {
  id?: number;
  title: string;
  content: string;
  classifyId: number;
}

/** Where the classify sits: a top classify, or a second classify under its parent. */
async function placeOf(deps: D, classifyId: number) {
  const c = await deps.db
    .selectFrom('article_classifies')
    .select(['id', 'parent_id'])
    .where('id', '=', classifyId)
    .executeTakeFirst();
  if (!c) throw AppError.badRequest(ARTICLES_MSG.publish.classifyInvalid);
  return c.parent_id === null
    ? { classify_id: c.id, second_classify_id: null }
    : { classify_id: c.parent_id, second_classify_id: c.id };
}

/** The public page of a member article's author (/member/<id> lists their articles), if any. */
export async function authorPage(db: Database, articleId: number): Promise<string[]> {
  const a = await db
    .selectFrom('articles')
    .select('user_id')
    .where('id', '=', articleId)
    .executeTakeFirst();
  return a?.user_id ? [memberTags.one(a.user_id)] : [];
}

/**
 * Drops an article from public pages, lists and search (after an edit, a rejection or a
 * deletion); a deleted article names its author, whose page listed it.
 */
export async function unpublish(deps: D, id: number, authorId?: number): Promise<void> {
  await commitChange(deps, async (trx) => {
    await removeDocument({ db: trx }, 'article', id);
    const author = authorId ? [memberTags.one(authorId)] : await authorPage(trx, id);
    return {
      value: undefined,
      tags: [articleTags.one(id), articleTags.list, searchTags.list, ...author],
    };
  });
}

/**
 * Creates or edits the member's article; it goes (back) to review. Answers its id. `ip` is the
 * author's address, kept only as its region (IP 属地, shown with the article).
 */
export async function saveArticle(
  deps: D,
  userId: number,
  input: ArticleInput,
  ip: string,
): Promise<{ id: number }> {
  const title = stripControls(input.title, { keepTabs: true }).trim();
  if (!title) throw AppError.badRequest(ARTICLES_MSG.publish.titleRequired);
  if ([...title].length > TITLE_MAX)
    throw AppError.badRequest(fmt(ARTICLES_MSG.publish.titleTooLong, { max: TITLE_MAX }));
  if (input.content.length > CONTENT_MAX)
    throw AppError.badRequest(ARTICLES_MSG.publish.contentTooLong);
  const content = sanitizeRichText(stripControls(input.content, { keepTabs: true }));
  const text = htmlToText(content);
  if (!text && !/<img\s/i.test(content))
    throw AppError.badRequest(ARTICLES_MSG.publish.contentRequired);
  const place = await placeOf(deps, input.classifyId);
  const now = iso(deps.clock.now());
  const region = ipRegion(ip);
  const fields = {
    ...place,
    ip_region: region,
    title,
    content,
    summary: [...text].slice(0, SUMMARY_LENGTH).join(''),
    status: 'pending' as const,
    published_at: null,
    review_note: null,
    reviewed_at: null,
    reviewed_by: null,
    updated_at: now,
  };
  if (input.id !== undefined) {
    const res = await deps.db
      .updateTable('articles')
      .set(fields)
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Someone else's article and a missing one answer alike, so ids reveal nothing.
    if (Number(res.numUpdatedRows) === 0) throw AppError.notFound();
    await noteMemberRegion(deps.db, userId, region);
    await unpublish(deps, input.id);
    return { id: input.id };
  }
  await consumeLimits(deps, [
    {
      bucket: `publish:user:${userId}`,
      windowMs: 60 * 60_000,
      max: 10,
      message: (s) => fmt(ARTICLES_MSG.publish.flood, { n: s }),
    },
  ]);
  const user = await deps.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const row = await deps.db
    .insertInto('articles')
    .values({ ...fields, author_name: user.name, user_id: userId, recommended: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await noteMemberRegion(deps.db, userId, region);
  return { id: row.id };
}

export interface OwnArticle {
  id: number;
  title: string;
  status: string;
  statusText: string;
  reviewNote: string | null;
  classifyId: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** The member's articles in every state, newest first, with the count. */
export async function listOwnArticles(
  deps: Pick<Deps, 'db'>,
  userId: number,
  page: PageInput,
): Promise<Paged<OwnArticle>> {
  const base = deps.db.selectFrom('articles').where('user_id', '=', userId);
  return listPage(
    base,
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      statusText: ARTICLES_MSG.state[r.status] ?? r.status,
      reviewNote: r.review_note,
      classifyId: r.second_classify_id ?? r.classify_id,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      publishedAt: r.published_at,
    }),
    page,
  );
}

/** One of the member's own articles with its body, for editing; null when not theirs. */
export async function getOwnArticle(deps: Pick<Deps, 'db'>, userId: number, id: number) {
  const r = await deps.db
    .selectFrom('articles')
    .select(['id', 'title', 'content', 'classify_id', 'second_classify_id', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r
    ? {
        id: r.id,
        title: r.title,
        content: r.content,
        classifyId: r.second_classify_id ?? r.classify_id,
        status: r.status,
      }
    : null;
}

/** Deletes the member's own article with its comments, favourites and likes. */
export async function deleteOwnArticle(deps: D, userId: number, id: number): Promise<void> {
  const res = await deps.db
    .deleteFrom('articles')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw AppError.notFound();
  for (const table of ['comments', 'favorites', 'lauds'] as const) {
    await deps.db
      .deleteFrom(table)
      .where('target_type', '=', 'article')
      .where('target_id', '=', id)
      .execute();
  }
  await unpublish(deps, id, userId);
}

/**
 * The classifies a member may publish under, for the editor's select: every
 * second-level classify (grouped under its parent's name) and each top-level
 * classify without children, in display order.
 */
export async function publishClassifyOptions(
  deps: D,
): Promise<{ id: number; name: string; group: string | null }[]> {
  const rows = await deps.db
    .selectFrom('article_classifies')
    .select(['id', 'name', 'parent_id'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows
    .filter((r) => r.parent_id !== null || !rows.some((c) => c.parent_id === r.id))
    .map((r) => ({
      id: r.id,
      name: r.name,
      group: r.parent_id ? (names.get(r.parent_id) ?? null) : null,
    }));
}

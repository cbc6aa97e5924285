/**
 * Published articles (spec 3 article state; spec 7 article calls): lists by
 * classify and filter type, detail, related and recommended articles.
 * Drafts, pending, rejected and future-dated articles never appear.
 */
import { sql } from 'kysely';
import { FILTER_TYPE, type FilterType } from '../../../shared/constants.ts';
import { readingMinutes } from '../../../shared/reading.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import {
  countRows,
  type Memo,
  type Paged,
  type PageInput,
  pageOf,
  pageRows,
} from '../lib/index.ts';

export {
  getClassify,
  listClassifies,
  listClassifyCounts,
  listClassifyTree,
  listSecondClassifies,
  type ClassifyCountView,
  type ClassifyTreeView,
  type ClassifyView,
} from './classifies.ts';

/** The fields of an article in lists. */
export interface ArticleSummary {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  authorName: string;
  publishedAt: string;
  viewCount: number;
  laudCount: number;
  classifyId: number;
  classifyName: string;
}

/** An article as its page and the detail call show it. `content` is sanitised HTML. */
export interface ArticleDetail extends ArticleSummary {
  secondClassifyId: number | null;
  secondClassifyName: string | null;
  source: string | null;
  updatedAt: string;
  content: string;
  /** A member's article: IP 属地 of the author when submitting (null for editorial content). */
  ipRegion: string | null;
  /** A member's article: the author, whose public page is /member/<authorId> (null for editorial). */
  authorId: number | null;
  /** 阅读时长 in whole minutes, from the body's text and figures (src/shared/reading.ts). */
  readingMinutes: number;
}

/** Items of the related and recommended side lists, and of the home page's lists, unless asked otherwise. */
export const SIDE_LIST_SIZE = 6;

/**
 * Articles visible to everyone now. For a list read most viewed first (`type` hot) or
 * recommended first, the publication date is a filter the database cannot look up by index, so
 * it walks the views or recommended indexes (migrations 0042, 0043) in order and stops at the
 * page's end; given a range on the date, both SQLite and the 100,000-article benchmark chose the
 * date index and sorted every published article of the list instead (300 ms for the home page's
 * 最热, 40–80 ms a page of a classify's 推荐; 0.1–0.2 ms this way). Newest first walks the date
 * index itself.
 */
function visible(deps: Pick<Deps, 'db' | 'clock'>, type?: FilterType) {
  const now = iso(deps.clock.now());
  const q = deps.db.selectFrom('articles as a').where('a.status', '=', 'published');
  if (type === FILTER_TYPE.hot || type === FILTER_TYPE.recommended)
    // Unpublished (no date) sorts after every date: excluded as before.
    return q.where(sql<string>`coalesce(a.published_at, '9999')`, '<=', now);
  return q.where('a.published_at', 'is not', null).where('a.published_at', '<=', now);
}

type VisibleQuery = ReturnType<typeof visible>;

/** Articles visible to everyone now, joined to their classify (every article has one). */
function published(deps: Pick<Deps, 'db' | 'clock'>, type?: FilterType) {
  return visible(deps, type).innerJoin('article_classifies as c', 'c.id', 'a.classify_id');
}

type PublishedQuery = ReturnType<typeof published>;

const SUMMARY_COLUMNS = [
  'a.id',
  'a.title',
  'a.summary',
  'a.cover',
  'a.author_name',
  'a.published_at',
  'a.view_count',
  'a.laud_count',
  'a.classify_id',
  'c.name as classify_name',
] as const;

/** A row of SUMMARY_COLUMNS. */
interface SummaryRow {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  author_name: string;
  published_at: string | null;
  view_count: number;
  laud_count: number;
  classify_id: number;
  classify_name: string;
}

function toSummary(r: SummaryRow): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    authorName: r.author_name,
    publishedAt: r.published_at!,
    viewCount: Number(r.view_count),
    laudCount: Number(r.laud_count),
    classifyId: r.classify_id,
    classifyName: r.classify_name,
  };
}

/**
 * Orders by filter type: recommended (recommended articles first, then
 * newest), newest, or hot (most viewed). Ties fall to newer, then higher id,
 * so pages never overlap.
 */
function ordered<Q extends PublishedQuery | VisibleQuery>(q: Q, type: FilterType): Q {
  // Only the article's own columns: the same for the joined query and the bare one.
  let out = q as VisibleQuery;
  if (type === FILTER_TYPE.recommended) out = out.orderBy('a.recommended', 'desc');
  if (type === FILTER_TYPE.hot) out = out.orderBy('a.view_count', 'desc');
  return out.orderBy('a.published_at', 'desc').orderBy('a.id', 'desc') as Q;
}

/** Filters of the article list. */
export interface ArticleListFilter {
  classifyId?: number;
  secondClassifyId?: number;
  type: FilterType;
}

/**
 * A page of published articles of a classify and/or second classify, in filter-type order.
 * `memo` keeps the list's count, which every page of the list shares (the list pages pass the
 * fragment cache: at 100,000 articles the count costs more than the page's rows).
 */
export async function listArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & ArticleListFilter,
  memo?: Memo,
): Promise<Paged<ArticleSummary>> {
  const filtered = (q: VisibleQuery) =>
    q
      .$if(opts.classifyId !== undefined, (b) => b.where('a.classify_id', '=', opts.classifyId!))
      .$if(opts.secondClassifyId !== undefined, (b) =>
        b.where('a.second_classify_id', '=', opts.secondClassifyId!),
      );
  // The page's ids from the index alone, then only those rows with their classify: the rows a
  // deep page skips are index entries, not rows read and joined (page 6,600 of 100,000
  // articles: 4 ms instead of 140–230 ms, which made exporting every list page quadratic).
  const ids = ordered(filtered(visible(deps, opts.type)), opts.type)
    .select('a.id')
    .$call(pageRows(opts));
  // The count: the same articles, found by their dates (its best index), in any order.
  const countOf: Memo = memo ?? ((_key, compute) => compute());
  const [rows, total] = await Promise.all([
    ordered(published(deps, opts.type).where('a.id', 'in', ids), opts.type)
      .select(SUMMARY_COLUMNS)
      .execute(),
    countOf(`articles:count:${opts.classifyId ?? ''}:${opts.secondClassifyId ?? ''}`, () =>
      countRows(filtered(visible(deps))),
    ),
  ]);
  return pageOf(rows.map(toSummary), total, opts);
}

/** The first `size` published articles in filter-type order (the home page's lists). */
export async function listIndexArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  type: FilterType,
  size = SIDE_LIST_SIZE,
): Promise<ArticleSummary[]> {
  const rows = await ordered(published(deps, type), type)
    .select(SUMMARY_COLUMNS)
    .limit(size)
    .execute();
  return rows.map(toSummary);
}

/** Recommended articles only, newest first. */
export async function listRecommendedArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  size = SIDE_LIST_SIZE,
): Promise<ArticleSummary[]> {
  const rows = await ordered(published(deps).where('a.recommended', '=', 1), FILTER_TYPE.newest)
    .select(SUMMARY_COLUMNS)
    .limit(size)
    .execute();
  return rows.map(toSummary);
}

/** A member's published articles, newest first (their public page lists the newest `size`). */
export async function memberArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  size = 20,
): Promise<ArticleSummary[]> {
  const rows = await ordered(published(deps).where('a.user_id', '=', userId), FILTER_TYPE.newest)
    .select(SUMMARY_COLUMNS)
    .limit(size)
    .execute();
  return rows.map(toSummary);
}

/** One published article with its body and classify names, or null. Does not count a view. */
export async function getArticle(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<ArticleDetail | null> {
  const r = await published(deps)
    .leftJoin('article_classifies as s', 's.id', 'a.second_classify_id')
    .select([
      ...SUMMARY_COLUMNS,
      'a.second_classify_id',
      's.name as second_classify_name',
      'a.source',
      'a.updated_at',
      'a.content',
      'a.user_id',
      'a.ip_region',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    ...toSummary(r),
    secondClassifyId: r.second_classify_id,
    secondClassifyName: r.second_classify_name ?? null,
    source: r.source,
    updatedAt: r.updated_at,
    content: r.content,
    ipRegion: r.user_id === null ? null : r.ip_region,
    authorId: r.user_id,
    readingMinutes: readingMinutes(r.content),
  };
}

/**
 * Counts one view and returns the article with it counted, or null when it
 * is not published. Only the API's detail call counts views: article pages
 * are cached, so a render is not a view (DESIGN: Caching and freshness).
 */
export async function viewArticle(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<ArticleDetail | null> {
  const found = await getArticle(deps, id);
  if (!found) return null;
  await deps.db
    .updateTable('articles')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return { ...found, viewCount: found.viewCount + 1 };
}

/**
 * Published articles of the same classify, those of the same second classify
 * first, newest first, without the article itself; null for an unknown article.
 */
export async function listRelatedArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
  size = SIDE_LIST_SIZE,
): Promise<ArticleSummary[] | null> {
  const self = await published(deps)
    .select(['a.classify_id', 'a.second_classify_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!self) return null;
  const second = self.second_classify_id;
  // Two index-ordered reads (same second classify first, then the rest of the
  // classify) instead of sorting the whole classify: the cost stays flat as it grows.
  const sameSecond =
    second === null
      ? []
      : await published(deps)
          .where('a.second_classify_id', '=', second)
          .where('a.id', '<>', id)
          .orderBy('a.published_at', 'desc')
          .orderBy('a.id', 'desc')
          .select(SUMMARY_COLUMNS)
          .limit(size)
          .execute();
  const rest =
    sameSecond.length >= size
      ? []
      : await published(deps)
          .where('a.classify_id', '=', self.classify_id)
          .where('a.id', '<>', id)
          .$if(second !== null, (q) =>
            q.where((eb) =>
              eb.or([
                eb('a.second_classify_id', 'is', null),
                eb('a.second_classify_id', '<>', second!),
              ]),
            ),
          )
          .orderBy('a.published_at', 'desc')
          .orderBy('a.id', 'desc')
          .select(SUMMARY_COLUMNS)
          .limit(size - sameSecond.length)
          .execute();
  const rows = [...sameSecond, ...rest];
  return rows.map(toSummary);
}

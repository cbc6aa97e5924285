/** Public notices (spec 3: list, detail, category). */
import type { Deps } from '../../deps.ts';
import { iso } from '../../clock.ts';
import { listPage, type Paged, type PageInput } from '../lib/index.ts';

export interface NoticeCategoryView {
  id: number;
  name: string;
}

export interface NoticeSummary {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  publishedAt: string;
}

export interface NoticeDetail extends NoticeSummary {
  content: string;
}

export async function listNoticeCategories(deps: Pick<Deps, 'db'>): Promise<NoticeCategoryView[]> {
  return deps.db
    .selectFrom('notice_categories')
    .select(['id', 'name'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The columns of a NoticeSummary, on `notices as n` joined with `notice_categories as c`. */
export const NOTICE_SUMMARY_COLUMNS = [
  'n.id',
  'n.category_id',
  'c.name as category_name',
  'n.title',
  'n.published_at',
] as const;

/** A row of NOTICE_SUMMARY_COLUMNS. */
interface NoticeSummaryRow {
  id: number;
  category_id: number;
  category_name: string;
  title: string;
  published_at: string;
}

/** A row of NOTICE_SUMMARY_COLUMNS as the API answers it. */
export function toNoticeSummary(r: NoticeSummaryRow): NoticeSummary {
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryName: r.category_name,
    title: r.title,
    publishedAt: r.published_at,
  };
}

function publicNotices(deps: Pick<Deps, 'db' | 'clock'>) {
  return deps.db
    .selectFrom('notices as n')
    .innerJoin('notice_categories as c', 'c.id', 'n.category_id')
    .where('n.user_id', 'is', null)
    .where('n.published_at', '<=', iso(deps.clock.now()));
}

/** Published notices for everyone, newest first, optionally of one category. */
export async function listNotices(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { categoryId?: number },
): Promise<Paged<NoticeSummary>> {
  const base = publicNotices(deps).$if(opts.categoryId !== undefined, (q) =>
    q.where('n.category_id', '=', opts.categoryId!),
  );
  return listPage(
    base,
    (q) =>
      q.select(NOTICE_SUMMARY_COLUMNS).orderBy('n.published_at', 'desc').orderBy('n.id', 'desc'),
    toNoticeSummary,
    opts,
  );
}

/** One published public notice, or null. */
export async function getNotice(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<NoticeDetail | null> {
  const r = await publicNotices(deps)
    .select([...NOTICE_SUMMARY_COLUMNS, 'n.content'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  return r ? { ...toNoticeSummary(r), content: r.content } : null;
}

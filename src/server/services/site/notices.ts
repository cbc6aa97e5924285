/** Public notices (spec 3: list, detail, category). */
import type { Deps } from '../../deps.ts';
import { iso } from '../../clock.ts';
import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';

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

function publicNotices(deps: Pick<Deps, 'db' | 'clock'>) {
  return deps.db
    .selectFrom('notices')
    .innerJoin('notice_categories as c', 'c.id', 'notices.category_id')
    .where('notices.user_id', 'is', null)
    .where('notices.published_at', '<=', iso(deps.clock.now()));
}

/** Published notices for everyone, newest first, optionally of one category. */
export async function listNotices(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { categoryId?: number },
): Promise<Paged<NoticeSummary>> {
  const base = publicNotices(deps).$if(opts.categoryId !== undefined, (q) =>
    q.where('notices.category_id', '=', opts.categoryId!),
  );
  const [rows, total] = await Promise.all([
    base
      .select([
        'notices.id',
        'notices.category_id',
        'c.name as category_name',
        'notices.title',
        'notices.published_at',
      ])
      .orderBy('notices.published_at', 'desc')
      .orderBy('notices.id', 'desc')
      .$call(pageRows(opts))
      .execute(),
    countRows(base),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      categoryName: r.category_name,
      title: r.title,
      publishedAt: r.published_at,
    })),
    total,
    opts,
  );
}

/** One published public notice, or null. */
export async function getNotice(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<NoticeDetail | null> {
  const r = await publicNotices(deps)
    .select([
      'notices.id',
      'notices.category_id',
      'c.name as category_name',
      'notices.title',
      'notices.published_at',
      'notices.content',
    ])
    .where('notices.id', '=', id)
    .executeTakeFirst();
  return r
    ? {
        id: r.id,
        categoryId: r.category_id,
        categoryName: r.category_name,
        title: r.title,
        publishedAt: r.published_at,
        content: r.content,
      }
    : null;
}

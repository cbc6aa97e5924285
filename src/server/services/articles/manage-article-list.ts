/**
 * Editorial articles as the console reads them (issue 12): every state
 * (published, scheduled for later, taken off the site), searchable by
 * title; one article with its editor document for editing. Staff only:
 * nothing here reaches a public page.
 */
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { sql } from 'kysely';
import { containsPattern, listPage, type Paged, type PageInput } from '../lib/index.ts';
import { ARTICLES_MSG } from './messages.ts';

export type ArticleState = 'published' | 'scheduled' | 'draft';

export interface EditorialRow {
  id: number;
  title: string;
  classifyId: number;
  classifyName: string;
  authorName: string;
  recommended: boolean;
  state: ArticleState;
  publishedAt: string | null;
  updatedAt: string;
  views: number;
}

export async function listEditorialArticles(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { q?: string; state?: ArticleState },
): Promise<Paged<EditorialRow>> {
  const now = iso(deps.clock.now());
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('articles as a')
    .innerJoin('article_classifies as c', 'c.id', 'a.classify_id')
    .where('a.user_id', 'is', null)
    .$if(!!q, (b) => b.where(sql<boolean>`lower(a.title) LIKE ${containsPattern(q!)} ESCAPE '\\'`))
    .$if(opts.state === 'draft', (b) => b.where('a.status', '!=', 'published'))
    .$if(opts.state === 'published', (b) =>
      b.where('a.status', '=', 'published').where('a.published_at', '<=', now),
    )
    .$if(opts.state === 'scheduled', (b) =>
      b.where('a.status', '=', 'published').where('a.published_at', '>', now),
    );
  return listPage(
    base,
    (q) =>
      q
        .select([
          'a.id',
          'a.title',
          'a.classify_id',
          'c.name',
          'a.author_name',
          'a.recommended',
          'a.status',
          'a.published_at',
          'a.updated_at',
          'a.view_count',
        ])
        .orderBy('a.id', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      classifyId: r.classify_id,
      classifyName: r.name,
      authorName: r.author_name,
      recommended: r.recommended === 1,
      state:
        r.status !== 'published'
          ? 'draft'
          : r.published_at && r.published_at > now
            ? 'scheduled'
            : 'published',
      publishedAt: r.published_at,
      updatedAt: r.updated_at,
      views: r.view_count,
    }),
    opts,
  );
}

/** One editorial article for the editor: its fields, HTML and document. */
export async function editorialArticleDetail(deps: Pick<Deps, 'db'>, id: number) {
  const a = await deps.db
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  if (!a) throw AppError.notFound(ARTICLES_MSG.manage.articleMissing);
  return {
    id: a.id,
    title: a.title,
    classifyId: a.classify_id,
    secondClassifyId: a.second_classify_id,
    summary: a.summary,
    content: a.content,
    contentDoc: a.content_doc ? (JSON.parse(a.content_doc) as unknown) : null,
    authorName: a.author_name,
    cover: a.cover,
    source: a.source,
    recommended: a.recommended === 1,
    status: a.status,
    publishedAt: a.published_at,
  };
}

/** Article classifies for the console's selects: top level with their second level. */
export async function articleClassifyTree(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .selectFrom('article_classifies')
    .select(['id', 'parent_id', 'name'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => r.parent_id === null)
    .map((r) => ({
      id: r.id,
      name: r.name,
      children: rows.filter((c) => c.parent_id === r.id).map((c) => ({ id: c.id, name: c.name })),
    }));
}

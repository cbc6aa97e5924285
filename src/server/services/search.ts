/**
 * Site search over published articles, courses, live broadcasts, short
 * videos and resources (spec 2 /searchlist, spec 7 /api/index/search).
 * Matching goes through the index of migration 0002, never a scan of the
 * content tables; ranking puts title matches above body-only matches, then
 * newer items first.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { urls } from '../../shared/urls.ts';
import { iso } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { offsetOf, type PageInput, type Paged } from './pagination.ts';
import { dropItem, indexItem, isPostgres, rebuildAll, searchDb } from './search-index.ts';
import { SEARCH_TYPES, type SearchType } from './search-sources.ts';
import {
  highlightHtml,
  makeSnippet,
  parseQuery,
  termBigrams,
  type SearchTerm,
} from './search-text.ts';

export { SEARCH_TYPES, type SearchType } from './search-sources.ts';

/** Chinese names of the kinds of result, for tabs and labels. */
export const SEARCH_TYPE_NAMES: Record<SearchType, string> = {
  article: '文章',
  course: '课程',
  live: '直播',
  shortvideo: '短视频',
  resource: '资料',
};

/** Cache tag of search pages; invalidated whenever the index changes. */
export const searchTags = { list: 'list:search' } as const;

/** One result. `titleHtml` and `snippetHtml` are escaped HTML with matches wrapped in <mark>. */
export interface SearchHit {
  type: SearchType;
  typeName: string;
  id: number;
  title: string;
  snippet: string;
  titleHtml: string;
  snippetHtml: string;
  url: string;
  publishedAt: string;
}

/** A page of results for one kind (or all), with the number of results of every kind. */
export interface SearchResult extends Paged<SearchHit> {
  word: string;
  type: SearchType | null;
  /** Results per kind for the word, whatever `type` is. */
  counts: Record<SearchType, number>;
  /** Results of all kinds. */
  total: number;
}

function hitUrl(type: SearchType, id: number): string {
  switch (type) {
    case 'article':
      return urls.article(id);
    case 'course':
      return urls.course(id);
    case 'live':
      return urls.liveDetail(id);
    case 'shortvideo':
      return urls.shortVideo(id);
    case 'resource':
      return urls.dataDownload();
  }
}

/** An FTS5 string literal: the term as one phrase, quotes doubled. */
function ftsPhrase(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** The index conditions every term must meet, per dialect. */
function matchConditions(db: Database, terms: SearchTerm[]): Expression<SqlBool>[] {
  const long = terms.filter((t) => t.long);
  const short = terms.filter((t) => !t.long);
  const out: Expression<SqlBool>[] = [];
  if (isPostgres(db)) {
    const grams = [
      ...new Set([...short.map((t) => t.needle), ...long.flatMap((t) => termBigrams(t.needle))]),
    ];
    if (grams.length) out.push(sql<SqlBool>`d.grams @> ${grams}::text[]`);
    // The bigrams only narrow the candidates through the GIN index; strpos confirms the exact substring.
    for (const t of long) out.push(sql<SqlBool>`strpos(d.search_text, ${t.needle}) > 0`);
    return out;
  }
  if (long.length) {
    const q = long.map((t) => ftsPhrase(t.needle)).join(' AND ');
    out.push(sql<SqlBool>`d.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ${q})`);
  }
  if (short.length) {
    const q = short.map((t) => ftsPhrase(t.needle)).join(' AND ');
    out.push(sql<SqlBool>`d.id IN (SELECT rowid FROM search_grams WHERE search_grams MATCH ${q})`);
  }
  return out;
}

/** How many terms occur in the title: the first ranking key. */
function titleHits(db: Database, terms: SearchTerm[]) {
  const pg = isPostgres(db);
  const parts = terms.map((t) =>
    pg
      ? sql`(strpos(d.title_norm, ${t.needle}) > 0)::int`
      : sql`(instr(d.title_norm, ${t.needle}) > 0)`,
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The base query of a search: matching, public (dated up to now) documents. */
export function matchingDocuments(deps: Pick<Deps, 'db' | 'clock'>, terms: SearchTerm[]) {
  const conds = matchConditions(deps.db, terms);
  return searchDb(deps.db)
    .selectFrom('search_documents as d')
    .where('d.published_at', '<=', iso(deps.clock.now()))
    .where((eb) => eb.and(conds));
}

const ensured = new WeakMap<object, Promise<void>>();

/**
 * Fills an empty index once per process: the demo seed runs after the
 * migrations, so the first search after a fresh start finds it empty.
 */
function ensureIndex(db: Database): Promise<void> {
  let p = ensured.get(db);
  if (!p) {
    p = (async () => {
      const any = await searchDb(db)
        .selectFrom('search_documents')
        .select('id')
        .limit(1)
        .executeTakeFirst();
      if (!any) await rebuildAll(db);
    })();
    p.catch(() => ensured.delete(db));
    ensured.set(db, p);
  }
  return p;
}

function emptyCounts(): Record<SearchType, number> {
  return Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0])) as Record<SearchType, number>;
}

/**
 * Searches every kind of content (or one), a page at a time.
 * search(deps, { word: 'lm317', page: 1, size: 20 }) → { list: [{ type: 'article', titleHtml: '<mark>LM317</mark> …' }], counts, … }
 */
export async function search(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { word: string; type?: SearchType },
): Promise<SearchResult> {
  const word = opts.word.trim();
  const terms = parseQuery(word);
  const result: SearchResult = {
    list: [],
    count: 0,
    page: opts.page,
    size: opts.size,
    word,
    type: opts.type ?? null,
    counts: emptyCounts(),
    total: 0,
  };
  if (!terms.length) return result;
  await ensureIndex(deps.db);

  const base = matchingDocuments(deps, terms);
  const grouped = await base
    .select(['d.doc_type', sql<number>`count(*)`.as('n')])
    .groupBy('d.doc_type')
    .execute();
  for (const g of grouped)
    if (g.doc_type in result.counts) result.counts[g.doc_type as SearchType] = Number(g.n);
  result.total = SEARCH_TYPES.reduce((n, t) => n + result.counts[t], 0);
  result.count = opts.type ? result.counts[opts.type] : result.total;
  if (offsetOf(opts) >= result.count) return result;

  const rows = await base
    .$if(opts.type !== undefined, (q) => q.where('d.doc_type', '=', opts.type!))
    .select([
      'd.doc_type',
      'd.doc_id',
      'd.title',
      'd.body',
      'd.published_at',
      titleHits(deps.db, terms).as('title_hits'),
    ])
    .orderBy('title_hits', 'desc')
    .orderBy('d.published_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(opts.size)
    .offset(offsetOf(opts))
    .execute();
  const needles = terms.map((t) => t.needle);
  result.list = rows.map((r) => {
    const type = r.doc_type as SearchType;
    const snippet = makeSnippet(r.body, needles);
    return {
      type,
      typeName: SEARCH_TYPE_NAMES[type],
      id: r.doc_id,
      title: r.title,
      snippet,
      titleHtml: highlightHtml(r.title, needles),
      snippetHtml: highlightHtml(snippet, needles),
      url: hitUrl(type, r.doc_id),
      publishedAt: r.published_at,
    };
  });
  return result;
}

/**
 * Brings one item's index entry up to date; call it after creating, editing,
 * publishing or unpublishing content. An item that is not public is dropped.
 */
export async function reindexDocument(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'cache'>>,
  type: SearchType,
  id: number,
): Promise<void> {
  await indexItem(deps.db, type, id);
  deps.cache?.invalidate([searchTags.list]);
}

/** Drops one item from the index; call it when content is deleted. */
export async function removeDocument(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'cache'>>,
  type: SearchType,
  id: number,
): Promise<void> {
  await dropItem(deps.db, type, id);
  deps.cache?.invalidate([searchTags.list]);
}

/** Rebuilds the whole index from the content tables (after seeding or a bulk import); returns the number of items indexed. */
export async function rebuildSearchIndex(db: Database): Promise<number> {
  return rebuildAll(db);
}

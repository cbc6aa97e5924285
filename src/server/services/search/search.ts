/**
 * Site search over published articles, courses, live broadcasts, short
 * videos and resources (spec 2 /searchlist, spec 7 /api/index/search).
 * Matching goes through the index of migration 0002, never a scan of the
 * content tables; ranking puts title matches above body-only matches, then
 * newer items first, reading only narrow rows (search-rank.ts) and the body
 * of the page's rows alone.
 */
import { searchTags } from '../../cache/tags.ts';
import { urls } from '../../../shared/urls.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { offsetOf, type PageInput, type Paged } from '../lib/index.ts';
import { dropItem, indexItem, rebuildAll, searchDb } from './indexing.ts';
import { countByType, pageRows, rankPage } from './rank.ts';
import { SEARCH_TYPES, type SearchType } from './sources.ts';
import { highlightHtml, makeSnippet, parseQuery } from './search-text.ts';
import { SEARCH_MSG } from './messages.ts';

export { matchingDocuments } from './rank.ts';
export { SEARCH_TYPES, type SearchType } from './sources.ts';

/** Chinese names of the kinds of result, for tabs and labels. */
export const SEARCH_TYPE_NAMES: Record<SearchType, string> = SEARCH_MSG.typeNames;

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
  /**
   * On the first page of all kinds: the best course and the best live
   * broadcast for the word, when the page itself shows none of that kind, so
   * articles (by far the most numerous) never hide them.
   */
  featured: SearchHit[];
}

/** Kinds brought onto the first page of all results when they match (issue 15). */
const FEATURED_TYPES: readonly SearchType[] = ['course', 'live'];

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
      return urls.resource(id);
  }
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
    featured: [],
  };
  if (!terms.length) return result;
  await ensureIndex(deps.db);

  const counts = await countByType(deps, terms);
  for (const type of SEARCH_TYPES) result.counts[type] = counts.get(type) ?? 0;
  result.total = SEARCH_TYPES.reduce((n, t) => n + result.counts[t], 0);
  result.count = opts.type ? result.counts[opts.type] : result.total;
  const offset = offsetOf(opts);
  if (offset >= result.count) return result;

  const ids = await rankPage(deps, {
    terms,
    type: opts.type,
    offset,
    size: opts.size,
    matches: result.count,
  });
  const needles = terms.map((t) => t.needle);
  const toHits = async (docIds: number[]): Promise<SearchHit[]> =>
    (await pageRows(deps.db, docIds)).map((r) => {
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
  result.list = await toHits(ids);
  if (!opts.type && opts.page === 1) {
    for (const type of FEATURED_TYPES) {
      if (!result.counts[type] || result.list.some((h) => h.type === type)) continue;
      const best = await rankPage(deps, {
        terms,
        type,
        offset: 0,
        size: 1,
        matches: result.counts[type],
      });
      result.featured.push(...(await toHits(best)));
    }
  }
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

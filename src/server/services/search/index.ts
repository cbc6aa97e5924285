/**
 * # search — the site search (/searchlist)
 *
 * Words: document (one searchable item of any kind), hit, rank. Avoid "index" for a page list.
 * Owns: search_documents, search_bodies.
 * Leaves to others: the things searched (articles, courses, live, videos, resources): each
 * domain reindexes its item on every write.
 * Projections: public SearchHit, SearchResult, SearchType.
 */
export { SEARCH_MSG } from './messages.ts';
export {
  SEARCH_TYPES,
  SEARCH_TYPE_NAMES,
  matchingDocuments,
  rebuildSearchIndex,
  reindexDocument,
  removeDocument,
  search,
  type SearchHit,
  type SearchResult,
  type SearchType,
} from './search.ts';
export { loadSources } from './sources.ts';
export { queueSearchRebuild, runSearchRebuild, SEARCH_REBUILD } from './rebuild-job.ts';
export {
  MAX_WORD_LENGTH,
  clip,
  escapeHtml,
  foldText,
  highlightHtml,
  htmlToText,
  makeSnippet,
  matchRanges,
  parseQuery,
  termBigrams,
  textGrams,
} from './search-text.ts';

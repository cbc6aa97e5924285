/**
 * The search domain: site search over articles, courses, live broadcasts, short
 * videos and videos (spec 7: /api/index/search). Owns the search index rows,
 * text folding, matching, counting and ranking.
 */
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
} from './text.ts';

/**
 * DOMAIN search
 */
export {
  SEARCH_TYPES,
  SEARCH_TYPE_NAMES,
  matchingDocuments,
  rebuildSearchIndex,
  reindexDocument,
  removeDocument,
  search,
  searchTags,
  type SearchHit,
  type SearchResult,
  type SearchType,
} from './search.ts';
export { loadSources } from './sources.ts';
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

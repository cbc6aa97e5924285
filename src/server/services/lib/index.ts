/**
 * # lib — helpers every domain shares; no domain logic
 *
 * Paging, database-kept rate limits (with Redis in front when REDIS_URL is set), control-
 * character stripping, the rich-text allowlist, committing a change with its cache tags, the
 * keys the site makes for itself (the media grant's), IP 属地 from the offline ip2region database,
 * a small PDF writer (demo downloads, certificates).
 * Owns: rate_limit_hits, app_secrets.
 *
 * File names: every domain has an `index.ts` (its note and public surface) and a `messages.ts`
 * (its `<DOMAIN>_MSG` texts); these two names repeat on purpose, so the same place answers the
 * same question in every domain. Every other file name under services/ is unique.
 */
export { LIB_MSG } from './messages.ts';
export { A4, assemblePdf, pdfText } from './pdf.ts';
export { checkChaptersFit, mediaTextColumns, readMediaText, type MediaText } from './media-text.ts';
export {
  countRows,
  listPage,
  type Memo,
  offsetOf,
  pageOf,
  pageRows,
  type PageInput,
  type Paged,
} from './pagination.ts';
export {
  clearHits,
  clearHitsWithPrefix,
  consumeLimits,
  consumeLimitsInDatabase,
  countHits,
  forgetLastHit,
  purgeOldHits,
  recordHits,
  retryAfter,
  type LimitRule,
} from './rate-limit.ts';
export { connectRedisLimiter, LimiterUnavailable, type SharedLimiter } from './redis-limits.ts';
export { commitChange } from './change.ts';
export { isUniqueViolation } from './db-errors.ts';
export { htmlToText, sanitizeRichText } from './sanitize.ts';
export { containsPattern, escapeHtml, stripControls } from './text.ts';
export { ipRegion, UNKNOWN_REGION } from './ip-region.ts';
export { docToHtml, renderDocInput } from './doc-html.ts';
export { paragraphsOf, textToHtml } from './paragraphs.ts';
export { siteSecret } from './secrets.ts';

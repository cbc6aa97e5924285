/**
 * Shared helpers of every domain: paging, database-kept rate limits, control-
 * character stripping and the rich-text HTML allowlist. No domain logic.
 */
export { offsetOf, pageOf, type PageInput, type Paged } from './pagination.ts';
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
export { DOC_TEXT, docToHtml, renderDocInput } from './doc-html.ts';
export { paragraphsOf, textToHtml } from './paragraphs.ts';

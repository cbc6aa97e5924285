/**
 * DOMAIN lib
 */
export { offsetOf, pageSchema, type PageInput, type Paged } from './pagination.ts';
export {
  clearHits,
  consumeLimits,
  countHits,
  purgeOldHits,
  recordHits,
  retryAfter,
  type LimitRule,
} from './rate-limit.ts';
export { htmlToText, sanitizeRichText } from './sanitize.ts';
export { stripControls } from './text.ts';

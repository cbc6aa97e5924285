/**
 * Shared helpers: the database-kept rate limits (services/lib/rate-limit.ts).
 */
import type { Id, Time } from './columns.ts';

export interface RateLimitHitsTable {
  id: Id;
  bucket: string;
  created_at: Time;
}

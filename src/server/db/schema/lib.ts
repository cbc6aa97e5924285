/**
 * Shared helpers: the database-kept rate limits (services/lib/rate-limit.ts) and the keys
 * the site makes for itself (services/lib/secrets.ts).
 */
import type { Id, Time } from './columns.ts';

export interface RateLimitHitsTable {
  id: Id;
  bucket: string;
  created_at: Time;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Time;
}

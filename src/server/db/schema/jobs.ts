/**
 * Jobs: the background job queue (services/jobs).
 */
import type { Generated } from 'kysely';
import type { Id, Time } from './columns.ts';

/** Migration 0020: background jobs (services/jobs). */
export interface JobsTable {
  id: Id;
  kind: string;
  /** JSON object. */
  payload: Generated<string>;
  run_at: Time;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Time | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Time;
  finished_at: Time | null;
}

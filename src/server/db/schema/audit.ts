/**
 * Audit: every change made through a staff route (services/audit).
 */
import type { Generated } from 'kysely';
import type { Id, Time } from './columns.ts';

/** Migration 0026: every change made through a staff route (issue 12). */
export interface AdminAuditTable {
  id: Id;
  user_id: number;
  role: string;
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** JSON: the route's input, secrets redacted. */
  detail: Generated<string>;
  /** JSON rows before and after, when the route names its target. */
  before: string | null;
  after: string | null;
  ip: string | null;
  /** Migration 0030: the message a refused write was answered with; null when it was done. */
  refusal: string | null;
  created_at: Time;
}

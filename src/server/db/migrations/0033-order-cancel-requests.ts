/**
 * Issue 27, 申请取消: a member's request to cancel a paid kit before it ships,
 * kept on the order itself so that the request, the staff's decision and
 * shipping are decided by conditional updates of one row (never two winners).
 * cancel_state: null (none), 'requested', 'approved' (refunded), 'refused'.
 */
import type { Kysely } from 'kysely';

const COLUMNS = [
  'cancel_state',
  'cancel_reason',
  'cancel_refusal',
  'cancel_requested_at',
  'cancel_decided_at',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const column of COLUMNS)
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('orders').dropColumn(column).execute();
}

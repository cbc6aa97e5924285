/**
 * Issue 26, the host of a broadcast: the staff member assigned to it in 直播管理. The host's view
 * in the console (直播问答) is theirs, and on the broadcast's chat the host answers, pins and
 * hides as moderators do. Null: no host assigned (any staff of the review section acts).
 * No foreign key (SQLite cannot drop a column that has one): a host who is gone or no longer
 * staff counts as no host, which every read checks through the users table.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_broadcasts').addColumn('host_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_broadcasts').dropColumn('host_id').execute();
}

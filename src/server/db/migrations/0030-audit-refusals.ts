/**
 * Issue 24: every staff write is audited, refused or not. `refusal` holds the message the
 * staff member was answered with (null: the write was done).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_audit').addColumn('refusal', 'varchar(300)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_audit').dropColumn('refusal').execute();
}

/**
 * Issue 14, CDN purges: URLs purged per provider and China day, so purges
 * stay within the provider's daily quota across instances (an atomic
 * conditional update reserves each batch).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cdn_purge_days')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('urls', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cdn_purge_days_pk', ['provider', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cdn_purge_days').execute();
}

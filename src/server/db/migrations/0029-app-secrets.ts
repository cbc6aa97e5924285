/**
 * Issue 23, paid media: keys the site makes for itself (the media grant's HMAC key), kept in
 * the database so every instance of one site signs and checks with the same key, without a
 * setting an operator could forget or a development default anyone could read.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
}

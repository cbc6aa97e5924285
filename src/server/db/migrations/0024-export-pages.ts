/**
 * Issue 14, static export: which cache tags each exported page shows, so a
 * change (its invalidated tags) re-exports exactly the pages that show it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_page_tags')
    .addColumn('tag', 'varchar(120)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addPrimaryKeyConstraint('export_page_tags_pk', ['tag', 'path'])
    .execute();
  await db.schema
    .createIndex('export_page_tags_path')
    .on('export_page_tags')
    .column('path')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_page_tags').execute();
}

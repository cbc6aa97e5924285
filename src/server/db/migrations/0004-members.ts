/**
 * Member activity (issue 5): the review trail of member-published articles
 * (who decided, when, and the note shown to the author) and an index that
 * serves the per-member comment flood limit and the "replies" list.
 */
import type { Kysely } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column.
  await db.schema.alterTable('articles').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('articles').addColumn('reviewed_at', 'text').execute();
  await db.schema.alterTable('articles').addColumn('reviewed_by', 'integer').execute();
  await db.schema
    .createIndex('comments_user_created')
    .on('comments')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('comments_user_created').execute();
  await db.schema.alterTable('articles').dropColumn('reviewed_by').execute();
  await db.schema.alterTable('articles').dropColumn('reviewed_at').execute();
  await db.schema.alterTable('articles').dropColumn('review_note').execute();
}

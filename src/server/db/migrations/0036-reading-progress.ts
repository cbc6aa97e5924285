/**
 * Issue 28, reading progress: how far a member has read each article (the furthest paragraph
 * reached, as a share of the body, and whether the end was reached), one row per member and
 * article, and when it was last read (the newest row feeds 继续学习).
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'article_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('articles.id').onDelete('cascade'),
    )
    .addColumn('paragraph', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_progress_member_article')
    .on('article_progress')
    .columns(['user_id', 'article_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('article_progress_newest')
    .on('article_progress')
    .columns(['user_id', 'updated_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('article_progress').execute();
}

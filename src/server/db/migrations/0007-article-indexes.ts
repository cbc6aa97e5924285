/**
 * Indexes for the article side lists, so their cost does not grow with the
 * number of articles: related articles (same second classify, then the rest
 * of the classify) and recommended articles, each read newest first. The
 * status column sits before the date so the planner prefers these indexes
 * without table statistics.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('articles_second_status_published')
    .on('articles')
    .columns(['second_classify_id', 'status', 'published_at'])
    .execute();
  await db.schema
    .createIndex('articles_classify_status_published')
    .on('articles')
    .columns(['classify_id', 'status', 'published_at'])
    .execute();
  await db.schema
    .createIndex('articles_recommended_status_published')
    .on('articles')
    .columns(['recommended', 'status', 'published_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'articles_second_status_published',
    'articles_classify_status_published',
    'articles_recommended_status_published',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}

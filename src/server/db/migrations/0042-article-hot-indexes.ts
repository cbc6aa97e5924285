/**
 * Issue 30: the 最热 (hot) article lists read in index order. They sort by views, then date, then
 * id; with no index for that order every hot list sorted every published article: the home page's
 * hot list took 300–390 ms of a 318 ms render at 100,000 articles (npm run bench:profile, its
 * slow-query log). One index for the whole list and one per classify and second classify, the
 * status first as in 0007; the planner reads them backwards for the descending order.
 */
import type { Kysely } from 'kysely';

const INDEXES = [
  ['articles_status_views', ['status', 'view_count', 'published_at', 'id']],
  ['articles_classify_status_views', ['classify_id', 'status', 'view_count', 'published_at', 'id']],
  [
    'articles_second_status_views',
    ['second_classify_id', 'status', 'view_count', 'published_at', 'id'],
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on('articles')
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

/**
 * Issue 30: the 最热 (hot) article lists read in index order. They sort by views, then date, then
 * id; with no index for that order every hot list sorted every published article: the home page's
 * hot list took 300–390 ms of a 318 ms render at 100,000 articles (npm run bench:profile, its
 * slow-query log). One index for the whole list and one per classify and second classify, the
 * status first as in 0007; the planner reads them backwards for the descending order.
 */
import { createIndexes, dropIndexes, type AnyDb } from './helpers.ts';

const INDEXES = [
  ['articles_status_views', ['status', 'view_count', 'published_at', 'id']],
  ['articles_classify_status_views', ['classify_id', 'status', 'view_count', 'published_at', 'id']],
  [
    'articles_second_status_views',
    ['second_classify_id', 'status', 'view_count', 'published_at', 'id'],
  ],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await createIndexes(db, 'articles', INDEXES);
}

export async function down(db: AnyDb): Promise<void> {
  await dropIndexes(db, INDEXES);
}

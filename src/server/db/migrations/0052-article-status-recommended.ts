/**
 * Issue 30: the whole 推荐 (recommended) list (the home page's) reads in index order. Its index
 * (0007: recommended, status, published_at) puts the status between the two sorted columns, so
 * the planner may walk it only by skipping over the recommended values; at 100,000 articles,
 * with bound parameters, SQLite chose the status index instead and sorted every published
 * article on each uncached home page (about 200 ms; 4 renders a second against 120 at 1,000
 * articles). With the status first, the order is the index's own, as for the classify lists
 * (0043).
 */
import { createIndexes, dropIndexes, type AnyDb } from './helpers.ts';

const INDEXES = [
  ['articles_status_recommended', ['status', 'recommended', 'published_at', 'id']],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await createIndexes(db, 'articles', INDEXES);
}

export async function down(db: AnyDb): Promise<void> {
  await dropIndexes(db, INDEXES);
}

/**
 * Issue 25/30: the 推荐 (recommended) article lists of a classify or second classify read in
 * index order. They sort by recommended, then date, then id; with no index for that order
 * within a classify, every page of a classify's list sorted all its articles: 40–80 ms a page
 * at 100,000 articles (16,000 in a classify), which made exporting those lists slower than all
 * the rest. The whole list already has its index (0007: recommended, status, published_at).
 */
import { createIndexes, dropIndexes, type AnyDb } from './helpers.ts';

const INDEXES = [
  [
    'articles_classify_status_recommended',
    ['classify_id', 'status', 'recommended', 'published_at', 'id'],
  ],
  [
    'articles_second_status_recommended',
    ['second_classify_id', 'status', 'recommended', 'published_at', 'id'],
  ],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await createIndexes(db, 'articles', INDEXES);
}

export async function down(db: AnyDb): Promise<void> {
  await dropIndexes(db, INDEXES);
}

/**
 * A member's public page (/member/<id>) lists the articles they published, newest first, and the
 * user centre lists a member's own articles: both read articles by user_id, which no index held
 * (a walk of every article at 100,000). One index by member, status and date.
 */
import { createIndexes, dropIndexes, type AnyDb } from './helpers.ts';

const INDEXES = [
  ['articles_user_status_published', ['user_id', 'status', 'published_at']],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await createIndexes(db, 'articles', INDEXES);
}

export async function down(db: AnyDb): Promise<void> {
  await dropIndexes(db, INDEXES);
}

/**
 * Issue 15: results that the external exam service reports back through its
 * signed callback, one row per attempt (the attempt id is unique, so a
 * repeated or duplicated callback stores nothing new).
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'exam_results')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('attempt_id', 'text', (c) => c.notNull().unique())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_results_member')
    .on('exam_results')
    .columns(['user_id', 'target_type', 'target_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exam_results').execute();
}

/**
 * Issue 23, notes and bookmarks: a member's private note at a second of a lesson or a live
 * replay, or on a highlighted passage of an article (the quote and its paragraph's index).
 * A bookmark (★) is a note with an empty body. Listed per item and all of a member's newest
 * first, hence the two indexes.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'member_notes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('at_seconds', 'integer')
    .addColumn('quote', 'text')
    .addColumn('paragraph', 'integer')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_notes_target')
    .on('member_notes')
    .columns(['user_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('member_notes_newest')
    .on('member_notes')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('member_notes').execute();
}

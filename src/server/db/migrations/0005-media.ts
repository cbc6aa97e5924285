/**
 * Lesson watch tracking (issue 6): one-time watch keys handed out by
 * /api/duration/key, and each member's progress per lesson (the merged
 * ranges of media seconds actually played, the resume position and whether
 * the lesson counts as finished). Dialect-neutral like 0001.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  // key_hash is the SHA-256 of the key the player holds; the key itself is never stored.
  await withId(db, 'watch_keys')
    .addColumn('key_hash', text, (c) => c.notNull().unique())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', int, (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('length_seconds', int, (c) => c.notNull())
    .addColumn('last_report_at', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watch_keys_user').on('watch_keys').column('user_id').execute();

  await withId(db, 'lesson_progress')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', int, (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position_seconds', int, (c) => c.notNull().defaultTo(0))
    // JSON list of [from, to] pairs, merged and sorted: media seconds played, each counted once.
    .addColumn('watched_ranges', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('watched_seconds', int, (c) => c.notNull().defaultTo(0))
    .addColumn('completed', int, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('lesson_progress_unique', ['user_id', 'lesson_id'])
    .execute();
  await db.schema
    .createIndex('lesson_progress_course')
    .on('lesson_progress')
    .columns(['user_id', 'course_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('lesson_progress').execute();
  await db.schema.dropTable('watch_keys').execute();
}

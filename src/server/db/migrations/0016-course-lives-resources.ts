/**
 * Issue 11: live broadcasts and resources sold through a course. A live
 * broadcast of a paid live course (直播课), or a resource that is a paid
 * course's material (课程资料), opens only to members entitled to that
 * course; one without a course stays as it was (lives for members,
 * resources for everyone).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('live_broadcasts')
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('resources')
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resources').dropColumn('course_id').execute();
  await db.schema.alterTable('live_broadcasts').dropColumn('course_id').execute();
}

/**
 * Issue 26, Q&A on lessons: a member's question on a lesson is a comment (target_type 'lesson')
 * that the course's teacher or staff answer once (作者回复, changeable), pin and mark 已解决.
 * The teacher is the account set in 课程管理 (courses.teacher_user_id, any member; no foreign
 * key, as host_id: an account that is gone simply answers nothing).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('teacher_user_id', 'integer').execute();
  await db.schema.alterTable('comments').addColumn('reply', 'text').execute();
  await db.schema.alterTable('comments').addColumn('reply_user_id', 'integer').execute();
  await db.schema.alterTable('comments').addColumn('replied_at', 'text').execute();
  await db.schema
    .alterTable('comments')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('comments')
    .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('comments_lesson_open')
    .on('comments')
    .columns(['target_type', 'resolved', 'target_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_lesson_open').execute();
  for (const c of ['resolved', 'pinned', 'replied_at', 'reply_user_id', 'reply'])
    await db.schema.alterTable('comments').dropColumn(c).execute();
  await db.schema.alterTable('courses').dropColumn('teacher_user_id').execute();
}

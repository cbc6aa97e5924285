/**
 * Issue 28, certificates: one per member and course, issued when the course is completed (every
 * lesson watched, every check finished), with a number that cannot be guessed, the name and
 * course as they stood at issue, and a revocation (time and reason) staff can set.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'certificates')
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('course_title', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('certificates_member_course')
    .on('certificates')
    .columns(['user_id', 'course_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}

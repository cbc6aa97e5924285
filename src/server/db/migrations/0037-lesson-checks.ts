/**
 * Issue 28, checks inside lessons (课内练习): short questions on a lesson (single or multiple
 * choice, or a number with a unit and a tolerance), asked at a set second or after the lesson,
 * and each member's answers to them: tries used, whether right, the last answer. One answer row
 * per member and check, so tries are counted in one conditional update.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'lesson_checks')
    .addColumn('lesson_id', 'integer', (c) =>
      c.notNull().references('lessons.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    /** JSON list of option texts (choice kinds); [] for a number. */
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: {"choices": [i, …]} or {"value": n, "unit": "V", "tolerance": 1}. Never answered to members before they finish. */
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at_seconds', 'integer')
    .addColumn('max_tries', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_checks_lesson')
    .on('lesson_checks')
    .columns(['lesson_id', 'sort_order'])
    .execute();
  await withId(db, 'check_answers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('check_id', 'integer', (c) =>
      c.notNull().references('lesson_checks.id').onDelete('cascade'),
    )
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('check_answers_member_check')
    .on('check_answers')
    .columns(['user_id', 'check_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('check_answers').execute();
  await db.schema.dropTable('lesson_checks').execute();
}

/**
 * Issue 28, learning paths (学习路线): an ordered path of articles, lessons, replays, tools and
 * downloads made by staff; members join it (one row per path and member, whatever runs in
 * parallel) with a weekly plan (study days and steps per week). Article and lesson steps take
 * their state from the progress already stored; replays, tools and downloads leave no record of
 * use, so the member marks those done (learning_path_marks, one per member and step).
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'learning_paths')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text')
    .addColumn('level', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'learning_path_steps')
    .addColumn('path_id', 'integer', (c) =>
      c.notNull().references('learning_paths.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('learning_path_steps_order')
    .on('learning_path_steps')
    .columns(['path_id', 'position'])
    .execute();
  await withId(db, 'learning_path_members')
    .addColumn('path_id', 'integer', (c) =>
      c.notNull().references('learning_paths.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_days', 'text', (c) => c.notNull().defaultTo('1,3,5'))
    .addColumn('steps_per_week', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('learning_path_members_one')
    .on('learning_path_members')
    .columns(['path_id', 'user_id'])
    .unique()
    .execute();
  await withId(db, 'learning_path_marks')
    .addColumn('step_id', 'integer', (c) =>
      c.notNull().references('learning_path_steps.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('done_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('learning_path_marks_one')
    .on('learning_path_marks')
    .columns(['step_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('learning_path_marks').execute();
  await db.schema.dropTable('learning_path_members').execute();
  await db.schema.dropTable('learning_path_steps').execute();
  await db.schema.dropTable('learning_paths').execute();
}

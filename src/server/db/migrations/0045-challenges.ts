/**
 * Issue 28, kit challenges (项目挑战): a challenge ties a kit course (ordered and shipped through
 * commerce), a kickoff broadcast, ordered tasks, a sign-up window and a submission deadline to a
 * reward. A member joins once (one row per challenge and member) and keeps one submission per
 * challenge (resubmitted in place while 待审核 or 未通过); an accepted submission's reward is
 * decided by one conditional UPDATE of its state, and its badge is one row per member and
 * challenge. reward_kind says what the reward is ('code': a redemption code for reward_course_id);
 * a coupon reward can be added later as another kind.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'challenges')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kit_course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('live_id', 'integer', (c) => c.references('live_broadcasts.id'))
    .addColumn('signup_start', 'text', (c) => c.notNull())
    .addColumn('signup_end', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('reward_kind', 'text', (c) => c.notNull().defaultTo('code'))
    .addColumn('reward_course_id', 'integer', (c) => c.references('courses.id'))
    .addColumn('reward_days', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('badge_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'challenge_tasks')
    .addColumn('challenge_id', 'integer', (c) =>
      c.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('challenge_tasks_order')
    .on('challenge_tasks')
    .columns(['challenge_id', 'position'])
    .execute();
  await withId(db, 'challenge_members')
    .addColumn('challenge_id', 'integer', (c) =>
      c.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('challenge_members_one')
    .on('challenge_members')
    .columns(['challenge_id', 'user_id'])
    .unique()
    .execute();
  await withId(db, 'challenge_submissions')
    .addColumn('challenge_id', 'integer', (c) =>
      c.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('code_url', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'integer')
    .addColumn('reward_code', 'text')
    .execute();
  await db.schema
    .createIndex('challenge_submissions_one')
    .on('challenge_submissions')
    .columns(['challenge_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('challenge_submissions_state')
    .on('challenge_submissions')
    .columns(['state', 'submitted_at'])
    .execute();
  await withId(db, 'member_badges')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenge_id', 'integer', (c) =>
      c.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('awarded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_badges_one')
    .on('member_badges')
    .columns(['user_id', 'challenge_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('member_badges').execute();
  await db.schema.dropTable('challenge_submissions').execute();
  await db.schema.dropTable('challenge_members').execute();
  await db.schema.dropTable('challenge_tasks').execute();
  await db.schema.dropTable('challenges').execute();
}

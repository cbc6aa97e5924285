/**
 * Issue 15, the learning loop:
 * - jobs: the background job table both engines poll (services/jobs): a kind,
 *   a JSON payload, when it is due, attempts with back-off, a lease while it
 *   runs, and an optional dedupe key so enqueuing twice makes one job;
 * - message_log: one row per message a member was sent by a job (a live
 *   reminder to the inbox or by SMS, a new-lesson notice), keyed so that a
 *   job retried or run twice never sends the same message twice;
 * - live_reservations.sms_consent: the member asked for the SMS reminder;
 * - live_broadcasts.replay_url: the recording played after the end.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'jobs')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

  await withId(db, 'message_log')
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('live_reservations')
    .addColumn('sms_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('live_broadcasts').addColumn('replay_url', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('live_broadcasts').dropColumn('replay_url').execute();
  await db.schema.alterTable('live_reservations').dropColumn('sms_consent').execute();
  await db.schema.dropTable('message_log').execute();
  await db.schema.dropTable('jobs').execute();
}

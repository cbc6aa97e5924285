/**
 * Issue 11, commerce: what buying needs beyond the first orders table.
 * - courses.access_days: how long a purchase unlocks the course (null: for good);
 * - orders: the purchase-terms version the member accepted, the unpaid
 *   deadline, closing, the courier's Kuaidi100 code and shipping time, and
 *   at most one unpaid order per member and course (a partial unique index,
 *   so creating an order is idempotent under concurrency);
 * - pay_records become payment attempts keyed by out_trade_no;
 * - order_events: the append-only log of everything that happened to an order;
 * - entitlements: what a member may open, read by the one gating function;
 * - payment_notifications: every notification received, accepted or not.
 * Existing paid orders get their entitlements.
 */
import { sql } from 'kysely';
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  await db.schema.alterTable('courses').addColumn('access_days', int).execute();
  for (const [name, type] of [
    ['terms_version', text],
    ['expires_at', text],
    ['closed_at', text],
    ['express_code', text],
    ['shipped_at', text],
  ] as const)
    await db.schema.alterTable('orders').addColumn(name, type).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('source', text, (c) => c.notNull().defaultTo('purchase'))
    .execute();
  // Older unpaid duplicates (none in practice) would block the index: close all but the newest.
  await sql`UPDATE orders SET status = 3 WHERE status = 0 AND id NOT IN (
      SELECT max(id) FROM orders WHERE status = 0 GROUP BY user_id, course_id)`.execute(db);
  await db.schema
    .createIndex('orders_one_unpaid')
    .on('orders')
    .columns(['user_id', 'course_id'])
    .unique()
    .where(sql.ref('status'), '=', 0)
    .execute();

  for (const [name, type] of [
    ['out_trade_no', text],
    ['channel', text],
    ['paid_at', text],
  ] as const)
    await db.schema.alterTable('pay_records').addColumn(name, type).execute();
  await db.schema
    .createIndex('pay_records_out_trade_no')
    .on('pay_records')
    .column('out_trade_no')
    .unique()
    .execute();
  await db.schema.createIndex('pay_records_order').on('pay_records').column('order_id').execute();

  await withId(db, 'order_events')
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('detail', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('actor', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();

  await withId(db, 'entitlements')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('order_id', int, (c) => c.notNull().unique().references('orders.id'))
    .addColumn('starts_at', text, (c) => c.notNull())
    .addColumn('ends_at', text)
    .addColumn('revoked_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entitlements_user_course')
    .on('entitlements')
    .columns(['user_id', 'course_id'])
    .execute();

  await withId(db, 'payment_notifications')
    .addColumn('method', text, (c) => c.notNull())
    .addColumn('out_trade_no', text)
    .addColumn('outcome', text, (c) => c.notNull())
    .addColumn('reason', text, (c) => c.notNull())
    .addColumn('ip', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_notifications_created')
    .on('payment_notifications')
    .column('created_at')
    .execute();

  // Paid orders made before entitlements existed unlock what they always did.
  await sql`INSERT INTO entitlements (user_id, course_id, order_id, starts_at, ends_at, revoked_at, created_at)
    SELECT user_id, course_id, id, COALESCE(paid_at, created_at), NULL, NULL, COALESCE(paid_at, created_at)
    FROM orders WHERE status IN (1, 2)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payment_notifications').execute();
  await db.schema.dropTable('entitlements').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropIndex('pay_records_order').execute();
  await db.schema.dropIndex('pay_records_out_trade_no').execute();
  for (const name of ['out_trade_no', 'channel', 'paid_at'])
    await db.schema.alterTable('pay_records').dropColumn(name).execute();
  await db.schema.dropIndex('orders_one_unpaid').execute();
  for (const name of [
    'source',
    'shipped_at',
    'express_code',
    'closed_at',
    'expires_at',
    'terms_version',
  ])
    await db.schema.alterTable('orders').dropColumn(name).execute();
  await db.schema.alterTable('courses').dropColumn('access_days').execute();
}

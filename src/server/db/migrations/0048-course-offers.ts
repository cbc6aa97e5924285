/**
 * Issue 27, offer prices on a course (owned by commerce):
 * - course_offers: at most one per course and kind. Kind 'limited' (限时特惠) is a price
 *   between starts_at and ends_at, both required; kind 'first_order' (新人首单价) is the
 *   price of a member's first paid order, within an optional window.
 * - orders.offer_kind and orders.offer_price_cents: the offer an order was priced with and
 *   the price it gave (before any coupon); null without one.
 * - orders_first_order_once: a member's first-order price is carried by one order at a
 *   time and, once paid (or refunded), never again. Only a closed unpaid order frees it,
 *   so two parallel checkouts of two courses cannot both take it.
 */
import { sql } from 'kysely';
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'course_offers')
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_offers_one_kind')
    .on('course_offers')
    .columns(['course_id', 'kind'])
    .unique()
    .execute();
  await db.schema.alterTable('orders').addColumn('offer_kind', 'text').execute();
  await db.schema.alterTable('orders').addColumn('offer_price_cents', 'integer').execute();
  await db.schema
    .createIndex('orders_first_order_once')
    .on('orders')
    .column('user_id')
    .unique()
    .where(sql.ref('offer_kind'), '=', 'first_order')
    .where(sql.ref('status'), '<>', 3)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_first_order_once').execute();
  await db.schema.alterTable('orders').dropColumn('offer_price_cents').execute();
  await db.schema.alterTable('orders').dropColumn('offer_kind').execute();
  await db.schema.dropTable('course_offers').execute();
}

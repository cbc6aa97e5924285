/**
 * Issue 27, coupons (优惠券): a coupon template made by staff (coupons) and the
 * coupons members hold (member_coupons), and what an order records of its price.
 * - coupons: 满减 (kind 'amount': amount_cents off) or 折扣 (kind 'percent': the member
 *   pays rate_percent of the price, 85 = 8.5 折, at most max_discount_cents off), a
 *   minimum spend, a fixed window (valid_from, valid_to) or valid_days from receipt,
 *   total (how many may ever be handed out), remaining (decremented by one conditional
 *   UPDATE per claim or issue), per_member, scope ('all', 'courses', 'kits', 'named' with
 *   course_ids as a JSON list), claimable (members may take one from a course page) and
 *   state ('draft', 'active', 'stopped').
 * - member_coupons: one row per coupon a member holds; seq numbers a member's copies of
 *   one coupon and a unique index on (coupon_id, user_id, seq) keeps the per-member limit
 *   under parallel claims; order_id is the order carrying it (set by one conditional
 *   UPDATE at checkout, cleared when that order closes unpaid).
 * - orders: list_price_cents, discount_cents and member_coupon_id beside amount_cents
 *   (what is charged). Older orders leave them null (no discount).
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'coupons')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_percent', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('max_discount_cents', 'integer')
    .addColumn('min_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('valid_days', 'integer')
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addColumn('per_member', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('course_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('claimable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'member_coupons')
    .addColumn('coupon_id', 'integer', (c) =>
      c.notNull().references('coupons.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_coupons_one_seq')
    .on('member_coupons')
    .columns(['coupon_id', 'user_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('member_coupons_user')
    .on('member_coupons')
    .columns(['user_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('member_coupons_order')
    .on('member_coupons')
    .column('order_id')
    .execute();
  for (const column of ['list_price_cents', 'discount_cents', 'member_coupon_id'])
    await db.schema.alterTable('orders').addColumn(column, 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['list_price_cents', 'discount_cents', 'member_coupon_id'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('member_coupons').execute();
  await db.schema.dropTable('coupons').execute();
}

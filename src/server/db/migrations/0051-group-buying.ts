/**
 * Issue 27, group buying (拼团, owned by commerce):
 * - group_offers: a course's group price: how many buyers make a group (size), how long a
 *   group has to fill (hours), and an optional window in which groups may be opened; one
 *   per course.
 * - buy_groups: one group: its share code, who opened it, its size and price (kept from
 *   the offer when opened), the seats taken (held by an unpaid order or paid) and paid,
 *   'open' until it fills ('full') or its time runs out short ('failed').
 * - buy_group_seats: a member's seat in a group, tied to the order that pays for it:
 *   'held' (unpaid), 'paid', 'released' (the order closed unpaid), 'refunded'.
 *   One seat per member and group; one seat per order.
 * - orders.group_id: the group an order pays a seat of (null: none).
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'group_offers')
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().unique().references('courses.id').onDelete('cascade'),
    )
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'buy_groups')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('group_offers.id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('leader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('buy_groups_course')
    .on('buy_groups')
    .columns(['course_id', 'state', 'expires_at'])
    .execute();
  await withId(db, 'buy_group_seats')
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('buy_groups.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('buy_group_seats_one', ['group_id', 'user_id'])
    .execute();
  await db.schema.alterTable('orders').addColumn('group_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('group_id').execute();
  for (const t of ['buy_group_seats', 'buy_groups', 'group_offers'])
    await db.schema.dropTable(t).execute();
}

/**
 * Issue 27, VIP membership (会员, owned by commerce):
 * - vip_plans: the cards on sale (月卡, 季卡, 年卡): a name, how many days a card adds, a price
 *   and an optional struck-through price; 'active' ones are on sale, 'stopped' ones are not.
 * - vip_benefits: one row (id 1), what a VIP gets: the courses free for VIP (JSON ids), the
 *   share of the price VIP pay for other courses (rate_percent, 100: no member price), the
 *   downloads a month (0: no quota), and whether ads are hidden.
 * - vip_members: one row per member who ever held VIP: the current period's end (ends_at);
 *   a renewal extends it from the later of now and that end; reminded_for is the end the
 *   expiry reminder was sent for (one reminder per end).
 * - vip_downloads: one row per counted download (the monthly quota counts these).
 * - orders: a card is bought through the same orders, payments and refunds as a course, so
 *   course_id becomes nullable and vip_plan_id / vip_days name the card and the days it
 *   adds (kept on the order: a later change of the plan does not change what was bought).
 *   orders_one_unpaid_vip: one unpaid card order per member at a time.
 * SQLite cannot drop a NOT NULL in place: the table is copied (its stored CREATE statement
 * with the constraint removed), the copy takes its name and the indexes are made again.
 * The migrator runs with foreign keys off on SQLite and checks them afterwards (migrate.ts).
 */
import { sql } from 'kysely';
import { isPostgres, withId, type AnyDb } from './helpers.ts';

async function courseIdNullable(db: AnyDb, nullable: boolean): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE orders ALTER COLUMN course_id ${sql.raw(nullable ? 'DROP' : 'SET')} NOT NULL`.execute(
      db,
    );
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'orders'`.execute(db);
  const table = rows.find((r) => r.type === 'table')!.sql!;
  const [from, to] = nullable
    ? ['"course_id" integer not null', '"course_id" integer']
    : ['"course_id" integer', '"course_id" integer not null'];
  if (!table.includes(`${from} references`))
    throw new Error(`orders.course_id is not as expected: ${table}`);
  const copy = table
    .replace(`${from} references`, `${to} references`)
    .replace(/^CREATE TABLE "orders"/, 'CREATE TABLE "orders_copy"');
  await sql.raw(copy).execute(db);
  await sql`INSERT INTO orders_copy SELECT * FROM orders`.execute(db);
  await sql`DROP TABLE orders`.execute(db);
  await sql`ALTER TABLE orders_copy RENAME TO orders`.execute(db);
  for (const r of rows) if (r.type === 'index' && r.sql) await sql.raw(r.sql).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'vip_plans')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('list_price_cents', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vip_benefits')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('free_course_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rate_percent', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('monthly_downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_ads', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, 'vip_members')
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('reminded_for', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vip_members_ends').on('vip_members').column('ends_at').execute();
  await withId(db, 'vip_downloads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vip_downloads_user')
    .on('vip_downloads')
    .columns(['user_id', 'created_at'])
    .execute();
  await courseIdNullable(db, true);
  await db.schema.alterTable('orders').addColumn('vip_plan_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('vip_days', 'integer').execute();
  await db.schema
    .createIndex('orders_one_unpaid_vip')
    .on('orders')
    .column('user_id')
    .unique()
    .where(sql.ref('vip_plan_id'), 'is not', null)
    .where(sql.ref('status'), '=', 0)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_one_unpaid_vip').execute();
  await sql`DELETE FROM orders WHERE course_id IS NULL`.execute(db);
  await db.schema.alterTable('orders').dropColumn('vip_days').execute();
  await db.schema.alterTable('orders').dropColumn('vip_plan_id').execute();
  await courseIdNullable(db, false);
  for (const t of ['vip_downloads', 'vip_members', 'vip_benefits', 'vip_plans'])
    await db.schema.dropTable(t).execute();
}

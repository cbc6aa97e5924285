/**
 * The initial schema: every entity of spec section 3. Written with Kysely's
 * schema builder so it runs unchanged on SQLite and PostgreSQL; only the
 * auto-increment primary key differs between them (./helpers.ts). The tables
 * are created in three parts, in this order, under ./0001-initial/.
 */
import type { AnyDb } from './helpers.ts';
import { createAccountTables } from './0001-initial/accounts.ts';
import { createContentTables } from './0001-initial/content.ts';
import { createActivityTables } from './0001-initial/activity.ts';

export async function up(db: AnyDb): Promise<void> {
  await createAccountTables(db);
  await createContentTables(db);
  await createActivityTables(db);
}

export async function down(db: AnyDb): Promise<void> {
  const tables = [
    'ad_events',
    'page_views',
    'learning_tools',
    'resources',
    'subscriptions',
    'completions',
    'invites',
    'redemption_codes',
    'pay_records',
    'orders',
    'notice_receipts',
    'notices',
    'notice_categories',
    'lauds',
    'favorites',
    'comments',
    'short_videos',
    'videos',
    'articles',
    'article_classifies',
    'live_reservations',
    'live_broadcasts',
    'lessons',
    'course_labels',
    'courses',
    'labels',
    'classifies',
    'big_classifies',
    'roll_images',
    'companies',
    'rate_limit_hits',
    'sms_codes',
    'captchas',
    'wx_identities',
    'sessions',
    'users',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}

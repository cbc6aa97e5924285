/**
 * Part of migration 0001 (the initial schema), in its original order:
 * Comments, favourites and likes; notices and receipts; orders, payments and redemption codes;
 * invites, completions, subscriptions, resources, learning tools, page views and ad events.
 */
import { withId, type AnyDb } from '../helpers.ts';

export async function createActivityTables(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  for (const name of ['comments', 'favorites', 'lauds'] as const) {
    let t = withId(db, name)
      .addColumn('target_type', text, (c) => c.notNull())
      .addColumn('target_id', int, (c) => c.notNull())
      .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'));
    if (name === 'comments') t = t.addColumn('content', text, (c) => c.notNull());
    t = t.addColumn('created_at', text, (c) => c.notNull());
    if (name !== 'comments')
      t = t.addUniqueConstraint(`${name}_unique`, ['user_id', 'target_type', 'target_id']);
    await t.execute();
  }
  await db.schema
    .createIndex('comments_target')
    .on('comments')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();

  await withId(db, 'notice_categories')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'notices')
    .addColumn('category_id', int, (c) => c.notNull().references('notice_categories.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('content', text, (c) => c.notNull())
    .addColumn('popup', int, (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('published_at', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notices_published')
    .on('notices')
    .columns(['category_id', 'published_at'])
    .execute();

  await withId(db, 'notice_receipts')
    .addColumn('notice_id', int, (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', text)
    .addColumn('popup_shown_at', text)
    .addColumn('deleted_at', text)
    .addUniqueConstraint('notice_receipts_unique', ['notice_id', 'user_id'])
    .execute();

  await withId(db, 'orders')
    .addColumn('order_no', text, (c) => c.notNull().unique())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('amount_cents', int, (c) => c.notNull())
    .addColumn('status', int, (c) => c.notNull().defaultTo(0))
    .addColumn('express_name', text)
    .addColumn('express_number', text)
    .addColumn('address', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('paid_at', text)
    .execute();
  await db.schema
    .createIndex('orders_user')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, 'pay_records')
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
    .addColumn('provider', text, (c) => c.notNull())
    .addColumn('transaction_id', text)
    .addColumn('amount_cents', int, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'redemption_codes')
    .addColumn('code', text, (c) => c.notNull().unique())
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id'))
    .addColumn('used_by', int, (c) => c.references('users.id'))
    .addColumn('used_at', text)
    .addColumn('expires_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'invites')
    .addColumn('inviter_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', int, (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('code', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'completions')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('score', int)
    .addColumn('completed_at', text, (c) => c.notNull())
    .addUniqueConstraint('completions_unique', ['user_id', 'course_id', 'kind'])
    .execute();

  await withId(db, 'subscriptions')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('classify_id', int, (c) =>
      c.notNull().references('classifies.id').onDelete('cascade'),
    )
    .addColumn('created_at', text, (c) => c.notNull())
    .addUniqueConstraint('subscriptions_unique', ['user_id', 'classify_id'])
    .execute();

  await withId(db, 'resources')
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('summary', text, (c) => c.notNull().defaultTo(''))
    .addColumn('file_type', text, (c) => c.notNull())
    .addColumn('file_size', int, (c) => c.notNull())
    .addColumn('file_url', text, (c) => c.notNull())
    .addColumn('download_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('company_id', int, (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'learning_tools')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('url', text, (c) => c.notNull())
    .addColumn('icon', text)
    .addColumn('category', text, (c) => c.notNull().defaultTo(''))
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'page_views')
    .addColumn('path', text, (c) => c.notNull())
    .addColumn('referrer', text)
    .addColumn('company_id', int)
    .addColumn('user_id', int)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('page_views_path')
    .on('page_views')
    .columns(['path', 'created_at'])
    .execute();

  await withId(db, 'ad_events')
    .addColumn('ad_id', int, (c) => c.notNull())
    .addColumn('slot', int, (c) => c.notNull())
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('user_id', int)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ad_events_ad')
    .on('ad_events')
    .columns(['ad_id', 'created_at'])
    .execute();
}

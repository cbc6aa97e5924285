/**
 * The initial schema: every entity of spec section 3. Written with Kysely's
 * schema builder so it runs unchanged on SQLite and PostgreSQL; only the
 * auto-increment primary key differs between them.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

type AnyDb = Kysely<unknown>;
type Table = CreateTableBuilder<string, never>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId(db: AnyDb, name: string): Table {
  const t = db.schema.createTable(name) as Table;
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  await withId(db, 'users')
    .addColumn('mobile', text, (c) => c.notNull())
    .addColumn('area_num', text, (c) => c.notNull())
    .addColumn('password_hash', text)
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('login_name', text)
    .addColumn('photo', text)
    .addColumn('email', text)
    .addColumn('job_role', text)
    .addColumn('product_interests', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('role', text, (c) => c.notNull().defaultTo('member'))
    .addColumn('invite_code', text, (c) => c.notNull().unique())
    .addColumn('invited_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('failed_logins', int, (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('users_phone_unique', ['area_num', 'mobile'])
    .execute();

  await withId(db, 'sessions')
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('ip', text)
    .addColumn('user_agent', text)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, 'wx_identities')
    .addColumn('openid', text, (c) => c.notNull().unique())
    .addColumn('unionid', text)
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('nickname', text)
    .addColumn('avatar', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('answer_hash', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'sms_codes')
    .addColumn('mobile', text, (c) => c.notNull())
    .addColumn('area_num', text, (c) => c.notNull())
    .addColumn('purpose', text, (c) => c.notNull())
    .addColumn('code_hash', text, (c) => c.notNull())
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('ip', text)
    .execute();
  await db.schema
    .createIndex('sms_codes_phone')
    .on('sms_codes')
    .columns(['mobile', 'created_at'])
    .execute();

  await withId(db, 'rate_limit_hits')
    .addColumn('bucket', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_bucket')
    .on('rate_limit_hits')
    .columns(['bucket', 'created_at'])
    .execute();

  await withId(db, 'companies')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('domain', text, (c) => c.notNull().unique())
    .addColumn('logo', text)
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('login_image_url', text)
    .addColumn('featured', int, (c) => c.notNull().defaultTo(0))
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'roll_images')
    .addColumn('type', int, (c) => c.notNull())
    .addColumn('ad_type', text, (c) => c.notNull())
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('image_url', text)
    .addColumn('click_url', text)
    .addColumn('vedio_url', text)
    .addColumn('ad_script', text)
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .addColumn('company_id', int, (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('enabled', int, (c) => c.notNull().defaultTo(1))
    .addColumn('start_at', text)
    .addColumn('end_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('roll_images_type')
    .on('roll_images')
    .columns(['type', 'display_order'])
    .execute();

  await withId(db, 'big_classifies')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('cover', text)
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'classifies')
    .addColumn('big_classify_id', int, (c) =>
      c.notNull().references('big_classifies.id').onDelete('cascade'),
    )
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('cover', text)
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .addColumn('hot', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'labels')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('course_type', int, (c) => c.notNull().defaultTo(1))
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'courses')
    .addColumn('classify_id', int, (c) =>
      c.notNull().references('classifies.id').onDelete('cascade'),
    )
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('summary', text, (c) => c.notNull().defaultTo(''))
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('cover', text)
    .addColumn('teacher', text, (c) => c.notNull().defaultTo(''))
    .addColumn('type', int, (c) => c.notNull().defaultTo(1))
    .addColumn('price_cents', int, (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', int, (c) => c.notNull().defaultTo(0))
    .addColumn('exam_enabled', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('published', int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_classify').on('courses').column('classify_id').execute();

  await db.schema
    .createTable('course_labels')
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('label_id', int, (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_labels_pk', ['course_id', 'label_id'])
    .execute();

  await withId(db, 'lessons')
    .addColumn('course_id', int, (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('video_url', text)
    .addColumn('duration_seconds', int, (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', int, (c) => c.notNull().defaultTo(0))
    .addColumn('free_preview', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('lessons_course')
    .on('lessons')
    .columns(['course_id', 'sort_order'])
    .execute();

  await withId(db, 'live_broadcasts')
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('summary', text, (c) => c.notNull().defaultTo(''))
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('cover', text)
    .addColumn('speaker', text, (c) => c.notNull().defaultTo(''))
    .addColumn('company_id', int, (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('start_at', text, (c) => c.notNull())
    .addColumn('end_at', text, (c) => c.notNull())
    .addColumn('html_url', text)
    .addColumn('stream_url', text)
    .addColumn('reserve_form', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('exam_enabled', int, (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_start').on('live_broadcasts').column('start_at').execute();

  await withId(db, 'live_reservations')
    .addColumn('live_id', int, (c) =>
      c.notNull().references('live_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fields', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', text, (c) => c.notNull())
    .addUniqueConstraint('live_reservations_unique', ['live_id', 'user_id'])
    .execute();

  await withId(db, 'article_classifies')
    .addColumn('parent_id', int, (c) => c.references('article_classifies.id').onDelete('cascade'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'articles')
    .addColumn('classify_id', int, (c) => c.notNull().references('article_classifies.id'))
    .addColumn('second_classify_id', int, (c) => c.references('article_classifies.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('summary', text, (c) => c.notNull().defaultTo(''))
    .addColumn('content', text, (c) => c.notNull())
    .addColumn('cover', text)
    .addColumn('author_name', text, (c) => c.notNull())
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('company_id', int, (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('status', text, (c) => c.notNull().defaultTo('published'))
    .addColumn('recommended', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('laud_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('source', text)
    .addColumn('published_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_status_published')
    .on('articles')
    .columns(['status', 'published_at'])
    .execute();
  await db.schema
    .createIndex('articles_classify')
    .on('articles')
    .columns(['classify_id', 'published_at'])
    .execute();
  await db.schema.createIndex('articles_user').on('articles').column('user_id').execute();

  await withId(db, 'videos')
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('summary', text, (c) => c.notNull().defaultTo(''))
    .addColumn('cover', text)
    .addColumn('path', text, (c) => c.notNull())
    .addColumn('duration_seconds', int, (c) => c.notNull().defaultTo(0))
    .addColumn('classify_id', int, (c) => c.references('classifies.id').onDelete('set null'))
    .addColumn('recommended', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('laud_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'short_videos')
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('path', text, (c) => c.notNull())
    .addColumn('cover', text)
    .addColumn('author', text, (c) => c.notNull().defaultTo(''))
    .addColumn('duration_seconds', int, (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('laud_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

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

/**
 * Part of migration 0001 (the initial schema), in its original order:
 * Companies, ads, course columns, labels, courses, lessons, live broadcasts and reservations,
 * articles and their classifies, videos and short videos.
 */
import { withId, type AnyDb } from '../helpers.ts';

export async function createContentTables(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

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
}

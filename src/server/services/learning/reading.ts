/**
 * Reading progress and 继续学习 (issue 28). The article page reports the furthest paragraph a
 * member has reached; the row keeps the furthest one whatever order reports arrive in (two tabs,
 * a late report from a closed tab), decided by the database in one statement. 继续学习 is the
 * member's newest unfinished thing: an article at its paragraph, or a lesson at its second (the
 * next lesson of the course when the newest one was watched to the end).
 */
import { sql } from 'kysely';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { lessonNoteUrl } from '../../../shared/member-notes.ts';
import { READING_LIMITS, READING_MSG, readingUrl } from '../../../shared/reading.ts';

type D = Pick<Deps, 'db' | 'clock'>;

/** A member's reading of one article, as answered to the member. */
export interface ReadingProgress {
  articleId: number;
  paragraph: number;
  percent: number;
  finished: boolean;
  updatedAt: string;
}

/** The card of 继续学习: where the member left off. */
export interface ContinueItem {
  kind: 'article' | 'lesson';
  /** The article's or the lesson's title. */
  title: string;
  /** The lesson's course; null for an article. */
  courseTitle: string | null;
  /** Opens the article at its paragraph or the course page's player at the lesson's second. */
  url: string;
  /** Share read (article) or watched (lesson), 0–100. */
  percent: number;
  /** The lesson's resume second; null for an article. */
  seconds: number | null;
  updatedAt: string;
}

/** The newest published article with this id, or a 404 with the reading message. */
async function readableArticle(deps: D, articleId: number): Promise<void> {
  const row = await deps.db
    .selectFrom('articles')
    .select('id')
    .where('id', '=', articleId)
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', iso(deps.clock.now()))
    .executeTakeFirst();
  if (!row) throw AppError.notFound(READING_MSG.articleMissing);
}

/**
 * Records that the member reached `paragraph` (`percent` of the body) and answers the stored
 * progress: the furthest paragraph ever reported wins, finished stays finished, and the time
 * is always the latest (it orders 继续学习).
 */
export async function recordReading(
  deps: D,
  userId: number,
  input: { articleId: number; paragraph: number; percent: number },
): Promise<ReadingProgress> {
  await readableArticle(deps, input.articleId);
  const now = iso(deps.clock.now());
  const finished = input.percent >= READING_LIMITS.finishedPercent ? 1 : 0;
  await deps.db
    .insertInto('article_progress')
    .values({
      user_id: userId,
      article_id: input.articleId,
      paragraph: input.paragraph,
      percent: input.percent,
      finished,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'article_id']).doUpdateSet({
        // One statement, so parallel reports cannot lose the furthest one.
        paragraph: sql<number>`CASE WHEN excluded.paragraph > article_progress.paragraph THEN excluded.paragraph ELSE article_progress.paragraph END`,
        percent: sql<number>`CASE WHEN excluded.paragraph > article_progress.paragraph THEN excluded.percent ELSE article_progress.percent END`,
        finished: sql<number>`CASE WHEN excluded.finished > article_progress.finished THEN excluded.finished ELSE article_progress.finished END`,
        updated_at: sql<string>`excluded.updated_at`,
      }),
    )
    .execute();
  const progress = await readingOf(deps, userId, input.articleId);
  return progress!;
}

/** The member's progress in one article, or null before the first report. */
export async function readingOf(
  deps: D,
  userId: number,
  articleId: number,
): Promise<ReadingProgress | null> {
  const r = await deps.db
    .selectFrom('article_progress')
    .select(['article_id', 'paragraph', 'percent', 'finished', 'updated_at'])
    .where('user_id', '=', userId)
    .where('article_id', '=', articleId)
    .executeTakeFirst();
  return r
    ? {
        articleId: r.article_id,
        paragraph: Number(r.paragraph),
        percent: Number(r.percent),
        finished: Number(r.finished) === 1,
        updatedAt: r.updated_at,
      }
    : null;
}

/** Articles the member has read, newest first (at most 50), with the article's title. */
export async function listReading(
  deps: D,
  userId: number,
): Promise<(ReadingProgress & { title: string; url: string })[]> {
  const rows = await deps.db
    .selectFrom('article_progress as p')
    .innerJoin('articles as a', 'a.id', 'p.article_id')
    .select(['p.article_id', 'a.title', 'p.paragraph', 'p.percent', 'p.finished', 'p.updated_at'])
    .where('p.user_id', '=', userId)
    .where('a.status', '=', 'published')
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => {
    const finished = Number(r.finished) === 1;
    return {
      articleId: r.article_id,
      title: r.title,
      paragraph: Number(r.paragraph),
      percent: Number(r.percent),
      finished,
      updatedAt: r.updated_at,
      url: readingUrl(r.article_id, finished ? 0 : Number(r.paragraph)),
    };
  });
}

/** The newest unfinished article of the member, as a card. */
async function lastArticle(deps: D, userId: number): Promise<ContinueItem | null> {
  const r = await deps.db
    .selectFrom('article_progress as p')
    .innerJoin('articles as a', 'a.id', 'p.article_id')
    .select(['p.article_id', 'a.title', 'p.paragraph', 'p.percent', 'p.updated_at'])
    .where('p.user_id', '=', userId)
    .where('p.finished', '=', 0)
    .where('a.status', '=', 'published')
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r
    ? {
        kind: 'article',
        title: r.title,
        courseTitle: null,
        url: readingUrl(r.article_id, Number(r.paragraph)),
        percent: Number(r.percent),
        seconds: null,
        updatedAt: r.updated_at,
      }
    : null;
}

/**
 * The lesson to go on with: the newest lesson the member watched, at its second; when that
 * lesson was watched to the end, the course's next lesson not yet finished, from its start;
 * null when the course is done or no longer listed.
 */
async function lastLesson(deps: D, userId: number): Promise<ContinueItem | null> {
  const r = await deps.db
    .selectFrom('lesson_progress as p')
    .innerJoin('lessons as l', 'l.id', 'p.lesson_id')
    .innerJoin('courses as c', 'c.id', 'p.course_id')
    .select([
      'p.course_id',
      'c.title as course_title',
      'p.lesson_id',
      'l.title',
      'l.sort_order',
      'l.duration_seconds',
      'p.position_seconds',
      'p.completed',
      'p.updated_at',
    ])
    .where('p.user_id', '=', userId)
    .where('c.published', '=', 1)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const card = (lessonId: number, title: string, seconds: number, length: number) => ({
    kind: 'lesson' as const,
    title,
    courseTitle: r.course_title,
    url: lessonNoteUrl(r.course_id, lessonId, seconds),
    percent: length > 0 ? Math.min(100, Math.round((seconds / length) * 100)) : 0,
    seconds,
    updatedAt: r.updated_at,
  });
  if (Number(r.completed) !== 1)
    return card(r.lesson_id, r.title, Number(r.position_seconds), Number(r.duration_seconds));
  const next = await deps.db
    .selectFrom('lessons as l')
    .leftJoin('lesson_progress as p', (j) =>
      j.onRef('p.lesson_id', '=', 'l.id').on('p.user_id', '=', userId),
    )
    .select(['l.id', 'l.title', 'l.duration_seconds', 'p.position_seconds'])
    .where('l.course_id', '=', r.course_id)
    .where((eb) =>
      eb.or([
        eb('l.sort_order', '>', r.sort_order),
        eb.and([eb('l.sort_order', '=', r.sort_order), eb('l.id', '>', r.lesson_id)]),
      ]),
    )
    .where((eb) => eb.or([eb('p.completed', 'is', null), eb('p.completed', '=', 0)]))
    .orderBy('l.sort_order')
    .orderBy('l.id')
    .limit(1)
    .executeTakeFirst();
  return next
    ? card(next.id, next.title, Number(next.position_seconds ?? 0), Number(next.duration_seconds))
    : null;
}

/** 继续学习: whichever of the newest unfinished article and lesson was touched last, or null. */
export async function continueLearning(deps: D, userId: number): Promise<ContinueItem | null> {
  const [article, lesson] = await Promise.all([
    lastArticle(deps, userId),
    lastLesson(deps, userId),
  ]);
  if (!article) return lesson;
  if (!lesson) return article;
  return article.updatedAt >= lesson.updatedAt ? article : lesson;
}

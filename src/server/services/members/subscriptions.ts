/**
 * Column subscriptions (issue 15; spec 2: 我的订阅): a member subscribes to
 * a column (classify) and, when a lesson is added to one of its courses, gets
 * a notice in 我的消息. The notice goes out from the `lesson.announce` job,
 * enqueued in the transaction that adds the lesson; each subscriber's notice
 * is claimed in message_log, so a retried job sends none twice.
 */
import { sql } from 'kysely';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { fmt } from '../../../shared/messages.ts';
import { urls } from '../../../shared/urls.ts';
import { escapeHtml } from '../search/index.ts';
import { enqueueJob, type JobSender } from '../jobs/index.ts';
import { sendPersonalNotice } from './personal-notices.ts';
import { MEMBERS_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;

export interface SubscriptionState {
  subscribed: 0 | 1;
  /** How many members subscribe to the column. */
  count: number;
}

async function requireColumn(db: Database, classifyId: number): Promise<void> {
  const row = await db
    .selectFrom('classifies')
    .select('id')
    .where('id', '=', classifyId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(MEMBERS_MSG.subscribe.columnMissing);
}

export async function subscriptionState(
  deps: Pick<Deps, 'db'>,
  userId: number,
  classifyId: number,
): Promise<SubscriptionState> {
  const [mine, all] = await Promise.all([
    deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('classify_id', '=', classifyId)
      .executeTakeFirst(),
    deps.db
      .selectFrom('subscriptions')
      .select(sql<number>`count(*)`.as('n'))
      .where('classify_id', '=', classifyId)
      .executeTakeFirst(),
  ]);
  return { subscribed: mine ? 1 : 0, count: Number(all?.n ?? 0) };
}

/** Subscribes (idempotent: the (user, column) unique constraint decides). */
export async function subscribeColumn(
  deps: D,
  userId: number,
  classifyId: number,
): Promise<SubscriptionState> {
  await requireColumn(deps.db, classifyId);
  await deps.db
    .insertInto('subscriptions')
    .values({ user_id: userId, classify_id: classifyId, created_at: iso(deps.clock.now()) })
    .onConflict((oc) => oc.columns(['user_id', 'classify_id']).doNothing())
    .execute();
  return subscriptionState(deps, userId, classifyId);
}

export async function unsubscribeColumn(
  deps: D,
  userId: number,
  classifyId: number,
): Promise<SubscriptionState> {
  await requireColumn(deps.db, classifyId);
  await deps.db
    .deleteFrom('subscriptions')
    .where('user_id', '=', userId)
    .where('classify_id', '=', classifyId)
    .execute();
  return subscriptionState(deps, userId, classifyId);
}

/** Drops every subscription to a column being deleted (inside the deleting transaction). */
export async function dropColumnSubscriptions(trx: Database, classifyId: number): Promise<void> {
  await trx.deleteFrom('subscriptions').where('classify_id', '=', classifyId).execute();
}

export const LESSON_ANNOUNCE = 'lesson.announce';

/** Enqueues the announcement of a new lesson (inside the transaction that adds it). */
export async function scheduleLessonAnnouncement(
  db: Database,
  lessonId: number,
  now: Date,
  jobs?: JobSender,
): Promise<void> {
  await enqueueJob(
    jobs,
    db,
    {
      kind: LESSON_ANNOUNCE,
      payload: { lessonId },
      runAt: now,
      dedupeKey: `lesson-announce:${lessonId}`,
    },
    now,
  );
}

/** The `lesson.announce` job: a notice to every subscriber of the lesson's column. */
export async function announceLesson(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const lessonId = Number(payload.lessonId);
  const row = await deps.db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .innerJoin('classifies as k', 'k.id', 'c.classify_id')
    .select([
      'l.title as lesson',
      'c.id as courseId',
      'c.title as course',
      'c.published',
      'k.id as classifyId',
      'k.name as column',
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
  // Lesson deleted, or its course not public: nothing to announce.
  if (!row || row.published !== 1) return;
  const subscribers = await deps.db
    .selectFrom('subscriptions')
    .select('user_id')
    .where('classify_id', '=', row.classifyId)
    .orderBy('user_id')
    .execute();
  if (subscribers.length === 0) return;
  const now = deps.clock.now();
  const title = fmt(MEMBERS_MSG.subscribe.lessonTitle, { course: row.course });
  const html =
    `<p>${escapeHtml(fmt(MEMBERS_MSG.subscribe.lessonBody, row))}</p>` +
    `<p><a href="${urls.course(row.courseId)}">${MEMBERS_MSG.subscribe.studyLink}</a></p>`;
  for (const { user_id: userId } of subscribers)
    await sendPersonalNotice(
      deps.db,
      {
        key: `lesson:${lessonId}:${userId}:inbox`,
        userId,
        category: MEMBERS_MSG.subscribe.category,
        title,
        html,
      },
      now,
    );
}

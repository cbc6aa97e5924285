/**
 * Lesson watching (issue 6: /api/duration/key and /api/duration/add). A key
 * is handed out only when gating lets the member watch the lesson; each
 * report adds the played media range to the member's merged ranges (see
 * duration.ts for what counts), moves the resume position, and records the
 * lesson, then the course, as completed: completions feed /usercenter/mycomplete.
 */
import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getCourseDetail, lessonMediaText } from '../courses/index.ts';
import { commitChange, type MediaText } from '../lib/index.ts';
import { courseTags } from '../../cache/tags.ts';
import { siteHlsSeconds } from './media/media-length.ts';
import { issueCertificate } from './certificates.ts';
import { grantMedia, type MediaGrant } from './media/media-grant.ts';
import {
  checkRange,
  effectiveLength,
  isComplete,
  mergeRanges,
  parseRanges,
  totalSeconds,
} from './duration.ts';
import { LEARNING_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;
/** What a play call needs besides: the media origin of its addresses. */
type Play = D & Pick<Deps, 'config'>;

/** How long a watch key stays valid. */
const KEY_HOURS = 12;

const hash = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface WatchState {
  key: string;
  lessonId: number;
  courseId: number;
  /** Where playback resumes, in seconds. */
  position: number;
  watchedSeconds: number;
  lengthSeconds: number;
  completed: boolean;
}

/** The course of a lesson, or a 404 with the lesson's own message. */
async function courseOfLesson(deps: D, lessonId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('lessons')
    .select('course_id')
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LEARNING_MSG.lessonNotFound);
  return row.course_id;
}

/**
 * A watch key for one lesson, with the member's resume position and the media grant the
 * player loads; refused unless the course is free, the lesson a free preview, or the order paid.
 */
export async function startWatching(
  deps: Play,
  userId: number,
  lessonId: number,
  /** The session token of the call, which the media grant is bound to. */
  session: string | null = null,
): Promise<WatchState & MediaGrant & { videoUrl: string }> {
  const courseId = await courseOfLesson(deps, lessonId);
  const course = await getCourseDetail(deps, courseId, userId);
  const lesson = course?.lessons.find((l) => l.id === lessonId);
  if (!course || !lesson) throw AppError.notFound(LEARNING_MSG.lessonNotFound);
  if (lesson.locked || !lesson.videoUrl) throw AppError.forbidden(LEARNING_MSG.lessonLocked);
  const now = deps.clock.now();
  const key = randomBytes(24).toString('base64url');
  // The playlist's own length when the site hosts it (demo lessons are seconds long while the
  // catalogue lists whole lessons); never a length the player reports.
  const mediaSeconds = await siteHlsSeconds(lesson.videoUrl);
  const lengthSeconds = effectiveLength(lesson.durationSeconds, mediaSeconds ?? undefined);
  await deps.db
    .insertInto('watch_keys')
    .values({
      key_hash: hash(key),
      user_id: userId,
      lesson_id: lessonId,
      course_id: courseId,
      length_seconds: lengthSeconds,
      last_report_at: iso(now),
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + KEY_HOURS * 3600_000)),
    })
    .execute();
  const progress = await deps.db
    .selectFrom('lesson_progress')
    .select(['position_seconds', 'watched_seconds', 'completed'])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  // A finished lesson starts again from the top rather than at its last second.
  const position = progress?.position_seconds ?? 0;
  const grant = await grantMedia(deps, lesson.videoUrl, { memberId: userId, session });
  return {
    key,
    lessonId,
    courseId,
    // Sealed media: the granted address (also as `url`, with its expiry), never the stored one.
    videoUrl: grant.url,
    ...grant,
    position: position >= lengthSeconds - 1 ? 0 : position,
    watchedSeconds: progress?.watched_seconds ?? 0,
    lengthSeconds,
    completed: progress?.completed === 1,
  };
}

/**
 * A fresh grant for a lesson's media (POST /api/media/grant): for players renewing theirs, and
 * for visitors on free courses and free previews, who watch without a watch key. Gated exactly
 * as startWatching: a locked lesson is refused with the same message.
 */
export async function grantLesson(
  deps: Play,
  memberId: number | null,
  lessonId: number,
  session: string | null,
): Promise<MediaGrant> {
  const lesson = await openLesson(deps, memberId, lessonId);
  return grantMedia(deps, lesson.videoUrl, { memberId, session });
}

/** A lesson the viewer may watch (a visitor: free courses and previews), or the refusal. */
export async function openLesson(deps: D, memberId: number | null, lessonId: number) {
  const courseId = await courseOfLesson(deps, lessonId);
  const course = await getCourseDetail(deps, courseId, memberId);
  const lesson = course?.lessons.find((l) => l.id === lessonId);
  if (!course || !lesson) throw AppError.notFound(LEARNING_MSG.lessonNotFound);
  if (lesson.locked || !lesson.videoUrl) throw AppError.forbidden(LEARNING_MSG.lessonLocked);
  return { ...lesson, courseId, videoUrl: lesson.videoUrl };
}

/**
 * GET /api/media/text for a lesson: its chapters and subtitles, to whoever may watch it (the
 * same gate as its media: the text of a paid lesson is as paid as its video).
 */
export async function lessonText(
  deps: D,
  memberId: number | null,
  lessonId: number,
): Promise<MediaText> {
  await openLesson(deps, memberId, lessonId);
  return lessonMediaText(deps, lessonId);
}

export interface WatchReport {
  key: string;
  from?: number;
  to?: number;
  /** Where the player stands now (a pause or seek), for resuming. */
  position?: number;
}

/** Adds one report; returns the member's totals for the lesson and whether the course is now complete. */
export async function addWatched(
  deps: D & Pick<Deps, 'cache'>,
  userId: number,
  report: WatchReport,
) {
  const now = deps.clock.now();
  const k = await deps.db
    .selectFrom('watch_keys')
    .selectAll()
    .where('key_hash', '=', hash(report.key))
    .executeTakeFirst();
  if (!k || k.user_id !== userId || k.expires_at <= iso(now))
    throw AppError.badRequest(LEARNING_MSG.watchKeyInvalid);
  let added: [number, number] | null = null;
  if (report.from !== undefined && report.to !== undefined) {
    const elapsedSeconds = (now.getTime() - Date.parse(k.last_report_at)) / 1000;
    const check = checkRange(report.from, report.to, {
      elapsedSeconds,
      lengthSeconds: k.length_seconds,
    });
    if (!check.ok) throw AppError.badRequest(LEARNING_MSG.watchRangeInvalid);
    added = check.range;
  }
  const position = Math.max(
    0,
    Math.min(k.length_seconds, Math.floor(report.position ?? added?.[1] ?? 0)),
  );
  // A member's first lesson of a course makes one more learner on its cached page (N 人学过).
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('watch_keys')
      .set({ last_report_at: iso(now) })
      .where('id', '=', k.id)
      .execute();
    const prev = await trx
      .selectFrom('lesson_progress')
      .select(['id', 'watched_ranges', 'completed'])
      .where('user_id', '=', userId)
      .where('lesson_id', '=', k.lesson_id)
      .executeTakeFirst();
    const ranges = mergeRanges([
      ...parseRanges(prev?.watched_ranges ?? '[]'),
      ...(added ? [added] : []),
    ]);
    const watchedSeconds = totalSeconds(ranges);
    const completed = prev?.completed === 1 || isComplete(watchedSeconds, k.length_seconds);
    const values = {
      position_seconds: position,
      watched_ranges: JSON.stringify(ranges),
      watched_seconds: watchedSeconds,
      completed: completed ? 1 : 0,
      updated_at: iso(now),
    };
    const newLearner =
      !prev &&
      (await trx
        .selectFrom('lesson_progress')
        .select('id')
        .where('user_id', '=', userId)
        .where('course_id', '=', k.course_id)
        .executeTakeFirst()) === undefined;
    if (prev)
      await trx.updateTable('lesson_progress').set(values).where('id', '=', prev.id).execute();
    else
      await trx
        .insertInto('lesson_progress')
        .values({ ...values, user_id: userId, lesson_id: k.lesson_id, course_id: k.course_id })
        .execute();
    const courseCompleted =
      completed && (await completeCourseIfDone(trx, userId, k.course_id, iso(now)));
    return {
      value: {
        watchedSeconds,
        position,
        lengthSeconds: k.length_seconds,
        completed,
        courseCompleted,
      },
      tags: newLearner ? [courseTags.one(k.course_id)] : [],
    };
  });
}

/**
 * Records the course as completed once every lesson is watched and every check inside its
 * lessons finished (right, or its tries used: checks.ts); true when it is (now or before).
 */
export async function completeCourseIfDone(
  db: Deps['db'],
  userId: number,
  courseId: number,
  at: string,
): Promise<boolean> {
  const [lessons, done, openChecks] = await Promise.all([
    db.selectFrom('lessons').select('id').where('course_id', '=', courseId).execute(),
    db
      .selectFrom('lesson_progress')
      .select('lesson_id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .where('completed', '=', 1)
      .execute(),
    db
      .selectFrom('lesson_checks as k')
      .innerJoin('lessons as l', 'l.id', 'k.lesson_id')
      .leftJoin('check_answers as a', (j) =>
        j.onRef('a.check_id', '=', 'k.id').on('a.user_id', '=', userId),
      )
      .select('k.id')
      .where('l.course_id', '=', courseId)
      .where((eb) =>
        eb.or([
          eb('a.id', 'is', null),
          eb.and([eb('a.correct', '=', 0), eb('a.tries', '<', eb.ref('k.max_tries'))]),
        ]),
      )
      .limit(1)
      .execute(),
  ]);
  const doneIds = new Set(done.map((d) => d.lesson_id));
  if (lessons.length === 0 || !lessons.every((l) => doneIds.has(l.id))) return false;
  if (openChecks.length > 0) return false;
  // The unique (user, course, kind) constraint makes a second completion a no-op; the
  // certificate's (user, course) one a second certificate.
  await db
    .insertInto('completions')
    .values({ user_id: userId, course_id: courseId, kind: 'course', score: null, completed_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'course_id', 'kind']).doNothing())
    .execute();
  await issueCertificate(db, userId, courseId, at);
  return true;
}

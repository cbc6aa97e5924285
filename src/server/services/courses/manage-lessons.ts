/**
 * Lessons of a course, managed by an admin (issue 12 needs it; issue 15:
 * a new lesson reaches the inbox of every member subscribed to the column).
 * The announcement job is written in the lesson's own transaction. Every
 * write takes the course row first (FOR UPDATE on PostgreSQL; SQLite runs
 * one write transaction at a time), so parallel adds and reorders of one
 * course queue up instead of reading the same outline.
 */
import { columnTags, courseTags } from '../../cache/tags.ts';
import { isPostgres, type Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { scheduleLessonAnnouncement } from '../members/index.ts';
import { checkChaptersFit, commitChange, mediaTextColumns } from '../lib/index.ts';
import { COURSES_MSG } from './messages.ts';
import type { Chapter, Cue } from '../../../shared/media-text.ts';

export interface LessonInput {
  title: string;
  /** An HLS path or https URL of the video. */
  videoUrl: string | null;
  durationSeconds: number;
  /** Position in the outline; appended after the last when left out. */
  sortOrder?: number;
  freePreview?: boolean;
  /** 章节, in order (src/shared/media-text.ts); each must start before the video ends. */
  chapters?: Chapter[];
  /** Subtitle cues of an uploaded WebVTT file; null removes them. */
  subtitles?: Cue[] | null;
}

/** The course, locked for the rest of the transaction; 404 when it is gone. */
async function lockCourse(trx: Database, courseId: number) {
  const q = trx.selectFrom('courses').select(['id', 'classify_id']).where('id', '=', courseId);
  const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw AppError.notFound(COURSES_MSG.course.courseMissing);
  return row;
}

/** The course of a lesson, locked; 404 when the lesson is gone. */
async function lockCourseOfLesson(trx: Database, lessonId: number) {
  const lesson = await trx
    .selectFrom('lessons')
    .select('course_id')
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!lesson) throw AppError.notFound(COURSES_MSG.lesson.lessonMissing);
  const course = await lockCourse(trx, lesson.course_id);
  // The lesson may have been deleted while this transaction waited for the lock.
  const still = await trx
    .selectFrom('lessons')
    .select('id')
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!still) throw AppError.notFound(COURSES_MSG.lesson.lessonMissing);
  return course;
}

/** The pages showing a course's outline. */
function coursePages(course: { id: number; classify_id: number }): string[] {
  return [courseTags.one(course.id), courseTags.list, columnTags.one(course.classify_id)];
}

/** Adds a lesson and schedules its announcement to the column's subscribers. */
export async function createLesson(
  deps: Deps,
  courseId: number,
  input: LessonInput,
): Promise<{ id: number }> {
  const now = deps.clock.now();
  checkChaptersFit(input.chapters, input.durationSeconds);
  const id = await commitChange(deps, async (tx) => {
    const course = await lockCourse(tx, courseId);
    const last = await tx
      .selectFrom('lessons')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    const row = await tx
      .insertInto('lessons')
      .values({
        course_id: courseId,
        title: input.title,
        video_url: input.videoUrl,
        duration_seconds: input.durationSeconds,
        sort_order: input.sortOrder ?? Number(last?.n ?? 0) + 1,
        free_preview: input.freePreview ? 1 : 0,
        ...mediaTextColumns(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleLessonAnnouncement(tx, row.id, now, deps.jobs);
    return { value: row.id, tags: coursePages(course) };
  });
  return { id };
}

export async function updateLesson(
  deps: Deps,
  id: number,
  input: Partial<LessonInput>,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const course = await lockCourseOfLesson(trx, id);
    if (input.chapters !== undefined) {
      const length =
        input.durationSeconds ??
        (
          await trx
            .selectFrom('lessons')
            .select('duration_seconds')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).duration_seconds;
      checkChaptersFit(input.chapters, length);
    }
    await trx
      .updateTable('lessons')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.videoUrl !== undefined && { video_url: input.videoUrl }),
        ...(input.durationSeconds !== undefined && { duration_seconds: input.durationSeconds }),
        ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
        ...(input.freePreview !== undefined && { free_preview: input.freePreview ? 1 : 0 }),
        ...mediaTextColumns(input),
      })
      .where('id', '=', id)
      .execute();
    return { value: { id }, tags: coursePages(course) };
  });
}

export async function deleteLesson(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const course = await lockCourseOfLesson(trx, id);
    await trx.deleteFrom('lessons').where('id', '=', id).execute();
    return { value: { id }, tags: coursePages(course) };
  });
}

/**
 * Puts a course's lessons in the given order (1, 2, 3…). The list must name
 * every lesson of the course exactly once, as the outline stands when the
 * course is locked; a list made from an older outline is refused whole.
 */
export async function reorderLessons(
  deps: Deps,
  courseId: number,
  ids: number[],
): Promise<{ id: number; order: number[] }> {
  return commitChange(deps, async (trx) => {
    const course = await lockCourse(trx, courseId);
    const current = await trx
      .selectFrom('lessons')
      .select('id')
      .where('course_id', '=', courseId)
      .execute();
    const known = new Set(current.map((l) => l.id));
    if (
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      !ids.every((i) => known.has(i))
    )
      throw new AppError(409, COURSES_MSG.lesson.orderStale);
    for (const [i, lessonId] of ids.entries())
      await trx
        .updateTable('lessons')
        .set({ sort_order: i + 1 })
        .where('id', '=', lessonId)
        .execute();
    return { value: { id: courseId, order: ids }, tags: coursePages(course) };
  });
}

/**
 * Points every lesson whose video is at `from` to `to` (an uploaded MP4 whose quality ladder is
 * ready, learning's `media.ladder` job), in the caller's transaction; answers the tags of the
 * pages showing those courses (none: no lesson was there).
 */
export async function repointLessonVideos(trx: Database, from: string, to: string) {
  const moved = await trx
    .updateTable('lessons')
    .set({ video_url: to })
    .where('video_url', '=', from)
    .returning('course_id')
    .execute();
  if (moved.length === 0) return [];
  const courses = await trx
    .selectFrom('courses')
    .select(['id', 'classify_id'])
    .where('id', 'in', [...new Set(moved.map((m) => m.course_id))])
    .execute();
  return courses.flatMap(coursePages);
}

/**
 * Lessons of a course, managed by an admin (issue 12 needs it; issue 15:
 * a new lesson reaches the inbox of every member subscribed to the column).
 * The announcement job is written in the lesson's own transaction.
 */
import { columnTags, courseTags } from '../../cache/tags.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { scheduleLessonAnnouncement } from '../members/index.ts';
import { commitChange } from '../lib/index.ts';

export const LESSON_TEXT = {
  courseMissing: '课程不存在',
  lessonMissing: '课时不存在',
} as const;

export interface LessonInput {
  title: string;
  /** An HLS path or https URL of the video. */
  videoUrl: string | null;
  durationSeconds: number;
  /** Position in the outline; appended after the last when left out. */
  sortOrder?: number;
  freePreview?: boolean;
}

async function courseOf(deps: Pick<Deps, 'db'>, courseId: number) {
  const row = await deps.db
    .selectFrom('courses')
    .select(['id', 'classify_id'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LESSON_TEXT.courseMissing);
  return row;
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
  const course = await courseOf(deps, courseId);
  const now = deps.clock.now();
  const id = await commitChange(deps, async (tx) => {
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
  const lesson = await deps.db
    .selectFrom('lessons')
    .select('course_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lesson) throw AppError.notFound(LESSON_TEXT.lessonMissing);
  const course = await courseOf(deps, lesson.course_id);
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('lessons')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.videoUrl !== undefined && { video_url: input.videoUrl }),
        ...(input.durationSeconds !== undefined && { duration_seconds: input.durationSeconds }),
        ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
        ...(input.freePreview !== undefined && { free_preview: input.freePreview ? 1 : 0 }),
      })
      .where('id', '=', id)
      .execute();
    return { value: { id }, tags: coursePages(course) };
  });
}

export async function deleteLesson(deps: Deps, id: number): Promise<{ id: number }> {
  const lesson = await deps.db
    .selectFrom('lessons')
    .select('course_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lesson) throw AppError.notFound(LESSON_TEXT.lessonMissing);
  const course = await courseOf(deps, lesson.course_id);
  return commitChange(deps, async (trx) => {
    await trx.deleteFrom('lessons').where('id', '=', id).execute();
    return { value: { id }, tags: coursePages(course) };
  });
}

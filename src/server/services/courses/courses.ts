/** Courses of the public catalogue (spec 3: list, count, detail, favorite flag). */
import type { Deps } from '../../deps.ts';
import {
  publishedCourses,
  summarise,
  SUMMARY_COLUMNS,
  type CourseFilter,
  type CourseSummary,
} from './course-query.ts';

import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';

export type { CourseFilter, CourseLabelView, CourseSummary } from './course-query.ts';
export { getCourseDetail, type CourseDetail } from './course-detail.ts';

/** Published courses, newest first, filtered by column, label and title word. */
export async function listCourses(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & CourseFilter,
): Promise<Paged<CourseSummary>> {
  const base = publishedCourses(deps, opts);
  const [rows, total] = await Promise.all([
    base
      .select(SUMMARY_COLUMNS)
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id', 'desc')
      .$call(pageRows(opts))
      .execute(),
    countRows(base),
  ]);
  return pageOf(await summarise(deps, rows), total, opts);
}

/** Every published course of one column, in the order the column presents them (oldest first). */
export async function listColumnCourses(
  deps: Pick<Deps, 'db'>,
  classifyId: number,
): Promise<CourseSummary[]> {
  const rows = await publishedCourses(deps, { classifyId })
    .select(SUMMARY_COLUMNS)
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
  return summarise(deps, rows);
}

/** These published courses, in the order given (unpublished or unknown ids left out). */
export async function listCoursesByIds(
  deps: Pick<Deps, 'db'>,
  ids: readonly number[],
): Promise<CourseSummary[]> {
  if (ids.length === 0) return [];
  const rows = await publishedCourses(deps, {})
    .select(SUMMARY_COLUMNS)
    .where('k.id', 'in', [...ids])
    .execute();
  const list = await summarise(deps, rows);
  return [...ids].flatMap((id) => list.filter((c) => c.id === id));
}

/** Editor-recommended published courses, most viewed first. */
export async function listRecommendedCourses(
  deps: Pick<Deps, 'db'>,
  limit = 8,
): Promise<CourseSummary[]> {
  const rows = await publishedCourses(deps, {})
    .select(SUMMARY_COLUMNS)
    .where('k.recommended', '=', 1)
    .orderBy('k.view_count', 'desc')
    .orderBy('k.id')
    .limit(limit)
    .execute();
  return summarise(deps, rows);
}

/**
 * What checkout shows of a course (issue 11): the course, with how many
 * lessons, live broadcasts and materials buying it unlocks; null when there
 * is no such course (published or not).
 */
export async function checkoutCourse(deps: Pick<Deps, 'db'>, courseId: number) {
  const course = await deps.db
    .selectFrom('courses')
    .select(['id', 'title', 'price_cents', 'type', 'access_days', 'cover', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) return null;
  const count = async (table: 'lessons' | 'live_broadcasts' | 'resources') =>
    Number(
      (
        await deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('course_id', '=', course.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lessonCount = await count('lessons');
  const [liveCount, materialCount] = await Promise.all([
    count('live_broadcasts'),
    count('resources'),
  ]);
  return { course, lessonCount, liveCount, materialCount };
}

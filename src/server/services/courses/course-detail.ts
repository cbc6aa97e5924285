/** A course's detail with its lesson outline gated for the viewer (spec 3: detail, favorite flag). */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import {
  gateLessons,
  hasEntitlement,
  VISITOR,
  type GatedLesson,
  type LessonFacts,
  type Viewer,
} from '../commerce/index.ts';

import {
  publishedCourses,
  summarise,
  SUMMARY_COLUMNS,
  type CourseSummary,
} from './course-query.ts';
import { readMediaText, type MediaText } from '../lib/index.ts';

export interface CourseDetail extends CourseSummary {
  /** Editorial HTML, written by the platform's editors. */
  description: string;
  bigClassifyId: number;
  bigClassifyName: string;
  examEnabled: boolean;
  /** How long a purchase unlocks the course, in days; null: for good. */
  accessDays: number | null;
  /** Whether the viewer holds an entitlement (always false for visitors and cached pages). */
  entitled: boolean;
  totalDurationSeconds: number;
  lessons: GatedLesson[];
  /** Whether the viewer collected the course; always false for visitors and cached pages. */
  favorite: boolean;
  /** Members with progress in its lessons or a completion of it (N 人学过). */
  learnerCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Who is looking at one course: the visitor, or a member and their entitlement. */
async function viewerOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  courseId: number,
  memberId: number | null,
): Promise<Viewer> {
  if (memberId === null) return VISITOR;
  return { memberId, entitled: await hasEntitlement(deps, memberId, courseId) };
}

/**
 * One published course with its gated lesson outline, or null. Pages pass no
 * member (the cached visitor view); the API passes the caller's id, so a
 * member who paid gets the lesson video URLs.
 */
export async function getCourseDetail(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
  memberId: number | null = null,
): Promise<CourseDetail | null> {
  const row = await publishedCourses(deps, {})
    .innerJoin('big_classifies as b', 'b.id', 'c.big_classify_id')
    .select([
      ...SUMMARY_COLUMNS,
      'k.description',
      'k.exam_enabled',
      'k.access_days',
      'k.created_at',
      'k.updated_at',
      'b.id as big_id',
      'b.name as big_name',
    ])
    .where('k.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [[summary], lessonRows, viewer, favorite, learners] = await Promise.all([
    summarise(deps, [row]),
    deps.db
      .selectFrom('lessons')
      .select(['id', 'title', 'video_url', 'duration_seconds', 'sort_order', 'free_preview'])
      .where('course_id', '=', id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    viewerOf(deps, id, memberId),
    memberId === null
      ? Promise.resolve(undefined)
      : deps.db
          .selectFrom('favorites')
          .select('id')
          .where('user_id', '=', memberId)
          .where('target_type', '=', 'course')
          .where('target_id', '=', id)
          .executeTakeFirst(),
    // Learners are the members with progress in its lessons or a completion (rows, not a seeded number).
    sql<{ n: number }>`select count(*) as n from (
        select user_id from lesson_progress where course_id = ${id}
        union select user_id from completions where course_id = ${id}
      ) learners`
      .execute(deps.db)
      .then((r) => r.rows[0]),
  ]);
  const facts: LessonFacts[] = lessonRows.map((l) => ({
    id: l.id,
    title: l.title,
    videoUrl: l.video_url,
    durationSeconds: l.duration_seconds,
    sortOrder: l.sort_order,
    freePreview: l.free_preview === 1,
  }));
  return {
    ...summary!,
    description: row.description,
    bigClassifyId: row.big_id,
    bigClassifyName: row.big_name,
    examEnabled: row.exam_enabled === 1,
    accessDays: row.access_days,
    entitled: viewer.entitled,
    totalDurationSeconds: facts.reduce((s, l) => s + l.durationSeconds, 0),
    lessons: gateLessons(facts, row.price_cents, viewer),
    favorite: favorite !== undefined,
    learnerCount: Number(learners?.n ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A lesson's chapters and subtitles, for the gated player call (learning checks access). */
export async function lessonMediaText(
  deps: Pick<Deps, 'db'>,
  lessonId: number,
): Promise<MediaText> {
  const row = await deps.db
    .selectFrom('lessons')
    .select(['chapters', 'subtitles'])
    .where('id', '=', lessonId)
    .executeTakeFirst();
  return row ? readMediaText(row) : { chapters: [], cues: [] };
}

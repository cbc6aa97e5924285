/**
 * 学习记录 and 我的评论 in the user centre (issue 15; the privacy policy
 * promises 学习记录 in 个人中心): the courses a member has started, with the
 * share of lessons finished and the last lesson watched; and the member's
 * own comments with the item each is on.
 */
import type { Deps } from '../../deps.ts';
import { publicTitles, targetUrl, TARGET_NAMES } from './targets.ts';
import { MEMBERS_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;

export interface LearningRecord {
  courseId: number;
  title: string;
  lessonCount: number;
  finished: number;
  /** 0–100, whole percent of lessons finished. */
  percent: number;
  lastLessonId: number;
  lastLessonTitle: string;
  /** Where the last lesson stopped, in seconds. */
  lastPosition: number;
  updatedAt: string;
}

/** Courses in progress (and finished), the most recently watched first. */
export async function listLearningRecords(deps: D, userId: number): Promise<LearningRecord[]> {
  const rows = await deps.db
    .selectFrom('lesson_progress as p')
    .innerJoin('lessons as l', 'l.id', 'p.lesson_id')
    .innerJoin('courses as c', 'c.id', 'p.course_id')
    .select([
      'p.course_id',
      'c.title as course_title',
      'p.lesson_id',
      'l.title as lesson_title',
      'p.position_seconds',
      'p.completed',
      'p.updated_at',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.updated_at', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const courseIds = [...new Set(rows.map((r) => r.course_id))];
  const counts = await deps.db
    .selectFrom('lessons')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  const total = new Map(counts.map((c) => [c.course_id, Number(c.n)]));
  const out = new Map<number, LearningRecord>();
  for (const r of rows) {
    const known = out.get(r.course_id);
    if (known) {
      if (r.completed === 1) known.finished++;
      continue;
    }
    // The first row of a course is its most recent lesson (rows are newest first).
    out.set(r.course_id, {
      courseId: r.course_id,
      title: r.course_title,
      lessonCount: total.get(r.course_id) ?? 0,
      finished: r.completed === 1 ? 1 : 0,
      percent: 0,
      lastLessonId: r.lesson_id,
      lastLessonTitle: r.lesson_title,
      lastPosition: Number(r.position_seconds),
      updatedAt: r.updated_at,
    });
  }
  return [...out.values()].map((x) => ({
    ...x,
    percent: x.lessonCount ? Math.min(100, Math.round((x.finished / x.lessonCount) * 100)) : 0,
  }));
}

export interface MyComment {
  id: number;
  content: string;
  createdAt: string;
  targetType: string;
  targetName: string;
  /** The item's title, or null when it is no longer public. */
  targetTitle: string | null;
  targetUrl: string;
}

/** The member's comments, newest first (at most 100). */
export async function listMyComments(deps: D, userId: number): Promise<MyComment[]> {
  const rows = await deps.db
    .selectFrom('comments')
    .select(['id', 'content', 'created_at', 'target_type', 'target_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const titles = new Map<string, Map<number, string>>();
  for (const type of new Set(rows.map((r) => r.target_type)))
    titles.set(
      type,
      await publicTitles(
        deps,
        type,
        rows.filter((r) => r.target_type === type).map((r) => r.target_id),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: r.created_at,
    targetType: r.target_type,
    targetName:
      TARGET_NAMES[r.target_type as keyof typeof TARGET_NAMES] ?? MEMBERS_MSG.targetUnknown,
    targetTitle: titles.get(r.target_type)?.get(r.target_id) ?? null,
    targetUrl: targetUrl(r.target_type, r.target_id),
  }));
}

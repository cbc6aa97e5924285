/** The course queries shared by the list and detail services: filters, summary columns and summaries. */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';

export interface CourseLabelView {
  id: number;
  name: string;
}

export interface CourseSummary {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  teacher: string;
  /** 1 video course, 2 live course, 3 exam, 4 order-type (shipped goods). */
  type: number;
  priceCents: number;
  free: boolean;
  recommended: boolean;
  viewCount: number;
  classifyId: number;
  classifyName: string;
  lessonCount: number;
  labels: CourseLabelView[];
}

/** Filters of the course list: column, label and a word searched in titles. */
export interface CourseFilter {
  classifyId?: number;
  labelId?: number;
  word?: string;
}

/** Escapes LIKE wildcards so a searched '%' or '_' matches itself. */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Published courses joined with their column, filtered; select what you need. */
export function publishedCourses(deps: Pick<Deps, 'db'>, f: CourseFilter) {
  const word = f.word?.trim();
  return (
    deps.db
      .selectFrom('courses as k')
      .innerJoin('classifies as c', 'c.id', 'k.classify_id')
      .where('k.published', '=', 1)
      .$if(f.classifyId !== undefined, (q) => q.where('k.classify_id', '=', f.classifyId!))
      .$if(f.labelId !== undefined, (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('course_labels as cl')
              .select('cl.course_id')
              .whereRef('cl.course_id', '=', 'k.id')
              .where('cl.label_id', '=', f.labelId!),
          ),
        ),
      )
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      .$if(Boolean(word), (q) =>
        q.where(sql<boolean>`lower(k.title) like ${likePattern(word!)} escape '\\'`),
      )
  );
}

/** The columns a CourseSummary is built from. */
export const SUMMARY_COLUMNS = [
  'k.id',
  'k.title',
  'k.summary',
  'k.cover',
  'k.teacher',
  'k.type',
  'k.price_cents',
  'k.recommended',
  'k.view_count',
  'k.classify_id',
  'c.name as classify_name',
] as const;

export type SummaryRow = {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  teacher: string;
  type: number;
  price_cents: number;
  recommended: number;
  view_count: number;
  classify_id: number;
  classify_name: string;
};

/** Adds lesson counts and labels to course rows in two queries, whatever the number of rows. */
export async function summarise(
  deps: Pick<Deps, 'db'>,
  rows: SummaryRow[],
): Promise<CourseSummary[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [counts, labels] = await Promise.all([
    deps.db
      .selectFrom('lessons')
      .select(['course_id', sql<number>`count(*)`.as('n')])
      .where('course_id', 'in', ids)
      .groupBy('course_id')
      .execute(),
    deps.db
      .selectFrom('course_labels as cl')
      .innerJoin('labels as l', 'l.id', 'cl.label_id')
      .select(['cl.course_id', 'l.id', 'l.name'])
      .where('cl.course_id', 'in', ids)
      .orderBy('l.display_order')
      .orderBy('l.id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.course_id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    teacher: r.teacher,
    type: r.type,
    priceCents: r.price_cents,
    free: r.price_cents === 0,
    recommended: r.recommended === 1,
    viewCount: r.view_count,
    classifyId: r.classify_id,
    classifyName: r.classify_name,
    lessonCount: countOf.get(r.id) ?? 0,
    labels: labels.filter((l) => l.course_id === r.id).map((l) => ({ id: l.id, name: l.name })),
  }));
}

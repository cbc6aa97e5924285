/**
 * Columns, courses and lessons as the console reads them (issue 12): every
 * course whether published or not, the column tree, a course's lessons in
 * order. Staff only: nothing here reaches a public page.
 */
import type { Deps } from '../../deps.ts';
import { sql } from 'kysely';
import {
  containsPattern,
  listPage,
  readMediaText,
  type Paged,
  type PageInput,
} from '../lib/index.ts';

type D = Pick<Deps, 'db'>;

/** Big columns with their columns, in display order. */
export async function columnTree(deps: D) {
  const [bigs, columns] = await Promise.all([
    deps.db
      .selectFrom('big_classifies')
      .selectAll()
      .orderBy('display_order')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('classifies as c')
      .select((eb) => [
        'c.id',
        'c.big_classify_id',
        'c.name',
        'c.description',
        'c.cover',
        'c.display_order',
        'c.hot',
        eb
          .selectFrom('courses')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('courses.classify_id', '=', 'c.id')
          .as('courses'),
      ])
      .orderBy('c.display_order')
      .orderBy('c.id')
      .execute(),
  ]);
  return bigs.map((b) => ({
    id: b.id,
    name: b.name,
    description: b.description,
    cover: b.cover,
    displayOrder: b.display_order,
    columns: columns
      .filter((c) => c.big_classify_id === b.id)
      .map((c) => ({
        id: c.id,
        bigColumnId: c.big_classify_id,
        name: c.name,
        description: c.description,
        cover: c.cover,
        displayOrder: c.display_order,
        hot: c.hot === 1,
        courses: Number(c.courses ?? 0),
      })),
  }));
}

export interface AdminCourseRow {
  id: number;
  title: string;
  columnId: number;
  columnName: string;
  teacher: string;
  type: number;
  priceCents: number;
  published: boolean;
  lessons: number;
  updatedAt: string;
}

export async function listAdminCourses(
  deps: D,
  opts: PageInput & { q?: string; columnId?: number },
): Promise<Paged<AdminCourseRow>> {
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('courses as c')
    .innerJoin('classifies as k', 'k.id', 'c.classify_id')
    .$if(!!q, (b) => b.where(sql<boolean>`lower(c.title) LIKE ${containsPattern(q!)} ESCAPE '\\'`))
    .$if(opts.columnId !== undefined, (b) => b.where('c.classify_id', '=', opts.columnId!));
  return listPage(
    base,
    (q) =>
      q
        .select((eb) => [
          'c.id',
          'c.title',
          'c.classify_id',
          'k.name',
          'c.teacher',
          'c.type',
          'c.price_cents',
          'c.published',
          'c.updated_at',
          eb
            .selectFrom('lessons')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('lessons.course_id', '=', 'c.id')
            .as('lessons'),
        ])
        .orderBy('c.id', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      columnId: r.classify_id,
      columnName: r.name,
      teacher: r.teacher,
      type: r.type,
      priceCents: r.price_cents,
      published: r.published === 1,
      lessons: Number(r.lessons ?? 0),
      updatedAt: r.updated_at,
    }),
    opts,
  );
}

/** A course's lessons in their order. */
export async function listAdminLessons(deps: D, courseId: number) {
  const rows = await deps.db
    .selectFrom('lessons')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((l) => {
    const text = readMediaText(l);
    return {
      id: l.id,
      title: l.title,
      videoUrl: l.video_url,
      durationSeconds: l.duration_seconds,
      sortOrder: l.sort_order,
      freePreview: l.free_preview === 1,
      chapters: text.chapters,
      /** How many subtitle cues the lesson has (0: none uploaded). */
      subtitleCues: text.cues.length,
    };
  });
}

/** Downloadable resources, newest first, with their downloads and the course they belong to. */
export async function listAdminResources(deps: D, opts: PageInput) {
  const base = deps.db.selectFrom('resources as r');
  return listPage(
    base,
    (q) =>
      q
        .leftJoin('courses as c', 'c.id', 'r.course_id')
        .select([
          'r.id',
          'r.title',
          'r.summary',
          'r.course_id',
          'r.file_type',
          'r.file_size',
          'r.download_count',
          'r.created_at',
          'c.title as course',
        ])
        .orderBy('r.id', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      courseId: r.course_id,
      fileType: r.file_type,
      fileSize: r.file_size,
      downloads: r.download_count,
      course: r.course,
      createdAt: r.created_at,
    }),
    opts,
  );
}

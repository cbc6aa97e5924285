/**
 * Public-course catalogue: big classifies (column groups), classifies
 * (columns), labels, courses, their lessons and label links.
 */
import { BIG_COLUMNS, COURSES, LABELS, type CourseData } from './content/courses.ts';
import { demoTextColumns, LESSON_TEXT } from './content/media-text.ts';
import {
  nth,
  insertReturningIds,
  insertRows,
  intBetween,
  mulberry32,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';
import { demoMediaUrl, lessonKey, lessonSeconds } from './content/media-manifest.ts';
import { demoCoverUrl } from './content/covers.ts';

export interface SeededCourse {
  id: number;
  title: string;
  type: number;
  priceCents: number;
  columnId: number;
}

export interface SeededCatalogue {
  /** Column (classify) ids in BIG_COLUMNS order. */
  columnIds: number[];
  courses: SeededCourse[];
}

function courseDescription(c: CourseData): string {
  return [
    `<p>${c.intro}</p>`,
    '<h3>你将学到</h3>',
    `<ul>${c.outcomes.map((o) => `<li>${o}</li>`).join('')}</ul>`,
    '<h3>适合人群</h3>',
    `<p>${c.audience}</p>`,
    `<p>主讲：${c.teacher}。共 ${c.lessons.length} 节，首节可免费试看。</p>`,
  ].join('\n');
}

async function seedColumns(ctx: SeedContext): Promise<number[]> {
  const bigIds = await insertReturningIds(
    ctx,
    'big_classifies',
    'name',
    BIG_COLUMNS.map((b, i) => ({
      name: b.name,
      description: b.description,
      cover: demoCoverUrl(`bigcolumn-${i + 1}`),
      display_order: i + 1,
    })),
  );
  const columns: Row<'classifies'>[] = BIG_COLUMNS.flatMap((b, bi) =>
    b.columns.map((col, ci) => ({
      big_classify_id: nth(bigIds, bi),
      name: col.name,
      description: col.description,
      cover: demoCoverUrl(`column-${bi + 1}-${ci + 1}`),
      display_order: ci + 1,
      hot: col.hot ? 1 : 0,
      created_at: shift(ctx.now, { days: -150 + bi * 5 + ci }),
    })),
  );
  return insertReturningIds(ctx, 'classifies', 'name', columns);
}

export async function seedCatalogue(ctx: SeedContext): Promise<SeededCatalogue> {
  const columnIds = await seedColumns(ctx);
  const labelIds = await insertReturningIds(
    ctx,
    'labels',
    'name',
    LABELS.map((name, i) => ({ name, course_type: 1, display_order: i + 1 })),
  );

  const rand = mulberry32(2026);
  const courseRows: Row<'courses'>[] = COURSES.map((c, i) => {
    const at = shift(ctx.now, { days: -140 + i * 9, hours: 2 });
    return {
      classify_id: nth(columnIds, c.column),
      title: c.title,
      summary: c.summary,
      description: courseDescription(c),
      cover: demoCoverUrl(`course-${i + 1}`),
      teacher: c.teacher,
      type: c.type,
      price_cents: c.priceCents,
      recommended: c.recommended ? 1 : 0,
      exam_enabled: c.exam ? 1 : 0,
      view_count: intBetween(rand, 800, 12000),
      published: 1,
      created_at: at,
      updated_at: at,
    };
  });
  const courseIds = await insertReturningIds(ctx, 'courses', 'title', courseRows);

  // Each lesson plays its own generated video, listed with that video's real length.
  const lessons: Row<'lessons'>[] = COURSES.flatMap((c, ci) =>
    c.lessons.map((title, li) => ({
      course_id: nth(courseIds, ci),
      title,
      video_url: demoMediaUrl(lessonKey(ci, li)),
      duration_seconds: lessonSeconds(ci, li),
      sort_order: li + 1,
      free_preview: li === 0 ? 1 : 0,
      ...demoTextColumns(
        LESSON_TEXT.find((t) => t.course === c.title && t.lesson === li)?.text,
        lessonSeconds(ci, li),
      ),
    })),
  );
  await insertRows(ctx, 'lessons', lessons);

  const links: Row<'course_labels'>[] = COURSES.flatMap((c, ci) =>
    c.labels.map((name) => ({
      course_id: nth(courseIds, ci),
      label_id: nth(labelIds, LABELS.indexOf(name)),
    })),
  );
  await insertRows(ctx, 'course_labels', links);

  return {
    columnIds,
    courses: COURSES.map((c, i) => ({
      id: nth(courseIds, i),
      title: c.title,
      type: c.type,
      priceCents: c.priceCents,
      columnId: nth(columnIds, c.column),
    })),
  };
}

/** The seeded course whose title starts with `titleStart`. */
export function findCourse(courses: SeededCourse[], titleStart: string): SeededCourse {
  const found = courses.find((x) => x.title.startsWith(titleStart));
  if (!found) throw new Error(`seed: no course titled ${titleStart}…`);
  return found;
}

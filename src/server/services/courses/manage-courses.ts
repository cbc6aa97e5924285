/**
 * Editorial course management by an admin (issue 3, freshness): every write
 * drops the cached pages that show the course (its page, lists, its column,
 * the home page) and reindexes search.
 */
import { columnTags, courseTags, pageTags, searchTags } from '../../cache/tags.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { reindexDocument, removeDocument } from '../search/index.ts';
import { paragraphsOf, textToHtml } from '../lib/index.ts';
import { dropMemberActivity } from '../members/index.ts';
import { commitChange } from '../lib/index.ts';
import { COURSES_MSG } from './messages.ts';
import { QUESTION_MSG } from '../../../shared/lesson-questions.ts';

/** Fields an admin sets on a course; `description` is plain text, paragraphs split by blank lines. */
export interface CourseInput {
  classifyId: number;
  title: string;
  summary: string;
  description: string;
  teacher: string;
  /**
   * The teacher's own account by its phone number (answers the lessons' questions, issue 26);
   * '' or null: none.
   */
  teacherMobile?: string | null;
  /** 1 video course, 2 live course, 3 exam, 4 order-type. */
  type: number;
  priceCents: number;
  cover?: string | null;
  recommended?: boolean;
  examEnabled?: boolean;
  published?: boolean;
  /** The course's labels (replacing the ones it had). */
  labelIds?: number[];
}

async function columnOf(deps: Pick<Deps, 'db'>, classifyId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('classifies')
    .select('big_classify_id')
    .where('id', '=', classifyId)
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(COURSES_MSG.column.columnMissing);
  return row.big_classify_id;
}

/** The account a teacher's phone number names: null for none, refused when no account has it. */
async function teacherAccount(
  deps: Pick<Deps, 'db'>,
  mobile: string | null | undefined,
): Promise<number | null | undefined> {
  if (mobile === undefined) return undefined;
  const m = (mobile ?? '').trim();
  if (!m) return null;
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', m)
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(QUESTION_MSG.teacherMissing);
  return row.id;
}

async function existing(deps: Pick<Deps, 'db'>, id: number) {
  const row = await deps.db
    .selectFrom('courses')
    .select(['id', 'classify_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(COURSES_MSG.course.courseMissing);
  return row;
}

/** Every page showing a course of this column. */
export async function coursePages(deps: Pick<Deps, 'db'>, id: number, classifyIds: number[]) {
  const tags: string[] = [
    courseTags.one(id),
    courseTags.list,
    columnTags.list,
    pageTags.home,
    searchTags.list,
  ];
  for (const c of new Set(classifyIds)) {
    tags.push(columnTags.one(c));
    const big = await deps.db
      .selectFrom('classifies')
      .select('big_classify_id')
      .where('id', '=', c)
      .executeTakeFirst();
    if (big) tags.push(columnTags.big(big.big_classify_id));
  }
  return tags;
}

/** Sets a course's labels (inside the course's change); unknown ids are refused. */
export async function setCourseLabels(trx: Database, courseId: number, labelIds: number[]) {
  const ids = [...new Set(labelIds)];
  if (ids.length > 0) {
    const known = await trx.selectFrom('labels').select('id').where('id', 'in', ids).execute();
    if (known.length !== ids.length) throw AppError.badRequest(COURSES_MSG.course.labelUnknown);
  }
  await trx.deleteFrom('course_labels').where('course_id', '=', courseId).execute();
  if (ids.length > 0)
    await trx
      .insertInto('course_labels')
      .values(ids.map((label_id) => ({ course_id: courseId, label_id })))
      .execute();
}

/** What the console's edit form needs beyond the list row: the texts, cover and flags. */
export async function adminCourseDetail(deps: Pick<Deps, 'db'>, id: number) {
  const row = await deps.db
    .selectFrom('courses')
    .leftJoin('users as t', 't.id', 'courses.teacher_user_id')
    .select([
      'courses.id',
      'summary',
      'description',
      'cover',
      'recommended',
      'exam_enabled',
      't.mobile as teacher_mobile',
    ])
    .where('courses.id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(COURSES_MSG.course.courseMissing);
  const labels = await deps.db
    .selectFrom('course_labels')
    .select('label_id')
    .where('course_id', '=', id)
    .execute();
  return {
    id: row.id,
    labelIds: labels.map((l) => l.label_id),
    summary: row.summary,
    description: paragraphsOf(row.description),
    cover: row.cover,
    recommended: row.recommended === 1,
    examEnabled: row.exam_enabled === 1,
    /** The teacher's account (its phone number), '' for none. */
    teacherMobile: row.teacher_mobile ?? '',
  };
}

/** Creates a course (published unless said otherwise); returns its id. */
export async function createCourse(deps: Deps, input: CourseInput): Promise<{ id: number }> {
  await columnOf(deps, input.classifyId);
  const teacherId = (await teacherAccount(deps, input.teacherMobile)) ?? null;
  const now = iso(deps.clock.now());
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('courses')
      .values({
        classify_id: input.classifyId,
        title: input.title,
        summary: input.summary,
        description: textToHtml(input.description),
        cover: input.cover ?? null,
        teacher: input.teacher,
        teacher_user_id: teacherId,
        type: input.type,
        price_cents: input.priceCents,
        recommended: input.recommended ? 1 : 0,
        exam_enabled: input.examEnabled ? 1 : 0,
        published: input.published === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.labelIds) await setCourseLabels(trx, row.id, input.labelIds);
    await reindexDocument({ db: trx }, 'course', row.id);
    return {
      value: { id: row.id },
      tags: await coursePages({ db: trx }, row.id, [input.classifyId]),
    };
  });
}

/** Edits a course; fields left out keep their value. `published: false` takes it off every page. */
export async function updateCourse(
  deps: Deps,
  id: number,
  input: Partial<CourseInput>,
): Promise<{ id: number }> {
  const before = await existing(deps, id);
  if (input.classifyId !== undefined) await columnOf(deps, input.classifyId);
  const teacherId = await teacherAccount(deps, input.teacherMobile);
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('courses')
      .set({
        ...(input.classifyId !== undefined && { classify_id: input.classifyId }),
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.description !== undefined && { description: textToHtml(input.description) }),
        ...(input.teacher !== undefined && { teacher: input.teacher }),
        ...(teacherId !== undefined && { teacher_user_id: teacherId }),
        ...(input.type !== undefined && { type: input.type }),
        ...(input.priceCents !== undefined && { price_cents: input.priceCents }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.recommended !== undefined && { recommended: input.recommended ? 1 : 0 }),
        ...(input.examEnabled !== undefined && { exam_enabled: input.examEnabled ? 1 : 0 }),
        ...(input.published !== undefined && { published: input.published ? 1 : 0 }),
        updated_at: iso(deps.clock.now()),
      })
      .where('id', '=', id)
      .execute();
    if (input.labelIds) await setCourseLabels(trx, id, input.labelIds);
    await reindexDocument({ db: trx }, 'course', id);
    const classifies = [before.classify_id, input.classifyId ?? before.classify_id];
    return { value: { id }, tags: await coursePages({ db: trx }, id, classifies) };
  });
}

/**
 * Deletes a course with its lessons and labels. A course someone ordered or
 * holds a redemption code for is kept (their records point at it): unpublish it instead.
 */
export async function deleteCourse(deps: Deps, id: number): Promise<{ id: number }> {
  const before = await existing(deps, id);
  const [orders, codes] = await Promise.all([
    deps.db.selectFrom('orders').select('id').where('course_id', '=', id).executeTakeFirst(),
    deps.db
      .selectFrom('redemption_codes')
      .select('id')
      .where('course_id', '=', id)
      .executeTakeFirst(),
  ]);
  if (orders || codes) throw new AppError(409, COURSES_MSG.course.courseHasOrders);
  return commitChange(deps, async (trx) => {
    await dropMemberActivity(trx, 'course', id);
    await trx.deleteFrom('courses').where('id', '=', id).execute();
    await removeDocument({ db: trx }, 'course', id);
    return { value: { id }, tags: await coursePages({ db: trx }, id, [before.classify_id]) };
  });
}

/**
 * Course labels for admins (issue 12; spec 3: label id, name): the filters
 * of /courselist and the tags on course cards, each for one course type.
 * A course's labels are set with the course (course/create|update labelIds).
 * A change drops the course lists and the pages of every course carrying it.
 */
import { courseTags, pageTags } from '../../cache/tags.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { commitChange } from '../lib/index.ts';
import { coursePages } from './manage-courses.ts';
import { COURSES_MSG } from './messages.ts';

export interface LabelInput {
  name: string;
  /** 1 video course, 2 live course, 3 exam, 4 order-type. */
  courseType: number;
  displayOrder?: number;
}

/** Every label in order, with how many courses carry it. */
export async function listAdminLabels(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .selectFrom('labels as l')
    .select((eb) => [
      'l.id',
      'l.name',
      'l.course_type',
      'l.display_order',
      eb
        .selectFrom('course_labels as cl')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('cl.label_id', '=', 'l.id')
        .as('courses'),
    ])
    .orderBy('l.course_type')
    .orderBy('l.display_order')
    .orderBy('l.id')
    .execute();
  return rows.map((l) => ({
    id: l.id,
    name: l.name,
    courseType: l.course_type,
    displayOrder: l.display_order,
    courses: Number(l.courses ?? 0),
  }));
}

/** The pages of the courses carrying a label, and the lists. */
async function labelPages(trx: Database, labelId: number): Promise<string[]> {
  const courses = await trx
    .selectFrom('course_labels as cl')
    .innerJoin('courses as c', 'c.id', 'cl.course_id')
    .select(['c.id', 'c.classify_id'])
    .where('cl.label_id', '=', labelId)
    .execute();
  const tags = new Set<string>([courseTags.list, pageTags.home]);
  for (const c of courses)
    for (const t of await coursePages({ db: trx }, c.id, [c.classify_id])) tags.add(t);
  return [...tags];
}

export async function createLabel(deps: Deps, input: LabelInput): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('labels')
      .values({
        name: input.name,
        course_type: input.courseType,
        display_order: input.displayOrder ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: [courseTags.list, pageTags.home] };
  });
}

export async function updateLabel(
  deps: Deps,
  id: number,
  input: Partial<LabelInput>,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('labels')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.courseType !== undefined && { course_type: input.courseType }),
        ...(input.displayOrder !== undefined && { display_order: input.displayOrder }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(COURSES_MSG.label.missing);
    return { value: { id }, tags: await labelPages(trx, id) };
  });
}

/** Deletes a label; the courses carrying it simply lose it. */
export async function deleteLabel(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const tags = await labelPages(trx, id);
    await trx.deleteFrom('course_labels').where('label_id', '=', id).execute();
    const done = await trx.deleteFrom('labels').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(COURSES_MSG.label.missing);
    return { value: { id }, tags };
  });
}

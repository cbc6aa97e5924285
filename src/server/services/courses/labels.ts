/** Course labels (spec 3: id, name, active; a leading 'All' entry with an empty id). */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { COURSES_MSG } from './messages.ts';

export interface LabelView {
  id: number | '';
  name: string;
  active: boolean;
}

/** Labels for a course type, led by 全部 (empty id), marking `activeId` (or 全部) active. */
export async function listLabels(
  deps: Pick<Deps, 'db'>,
  opts: { courseType?: number; activeId?: number } = {},
): Promise<LabelView[]> {
  let q = deps.db
    .selectFrom('labels')
    .select(['id', 'name'])
    .orderBy('display_order')
    .orderBy('id');
  if (opts.courseType !== undefined) q = q.where('course_type', '=', opts.courseType);
  const rows = await q.execute();
  const active = opts.activeId;
  return [
    {
      id: '',
      name: COURSES_MSG.label.all,
      active: active === undefined || !rows.some((r) => r.id === active),
    },
    ...rows.map((r) => ({ id: r.id, name: r.name, active: r.id === active })),
  ];
}

/** A label with its course type and how many published courses carry it. */
export interface LabelDetail {
  id: number;
  name: string;
  courseType: number;
  courseCount: number;
}

/** One label, or null. */
export async function getLabel(deps: Pick<Deps, 'db'>, id: number): Promise<LabelDetail | null> {
  const row = await deps.db
    .selectFrom('labels')
    .select(['id', 'name', 'course_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const n = await deps.db
    .selectFrom('course_labels as cl')
    .innerJoin('courses as k', 'k.id', 'cl.course_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('cl.label_id', '=', id)
    .where('k.published', '=', 1)
    .executeTakeFirst();
  return {
    id: row.id,
    name: row.name,
    courseType: row.course_type,
    courseCount: Number(n?.n ?? 0),
  };
}

/**
 * What the user centre's tabs show of the member's own data (spec 2:
 * /usercenter children). Every query is scoped to the member's id.
 */
import type { Deps } from '../../deps.ts';
import { countRows, type PageInput, pageOf, pageRows } from '../lib/index.ts';

type D = Pick<Deps, 'db'>;

export async function listSubscribedColumns(
  deps: D,
  userId: number,
): Promise<{ id: number; name: string; description: string; cover: string | null }[]> {
  return deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('classifies as c', 'c.id', 's.classify_id')
    .select(['c.id', 'c.name', 'c.description', 'c.cover'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .execute();
}

export async function listCompletions(deps: D, userId: number) {
  return deps.db
    .selectFrom('completions as k')
    .innerJoin('courses as c', 'c.id', 'k.course_id')
    .select(['c.id as courseId', 'c.title', 'k.kind', 'k.score', 'k.completed_at as completedAt'])
    .where('k.user_id', '=', userId)
    .orderBy('k.completed_at', 'desc')
    .execute();
}

/** The member's completed courses and exams (spec 7: /api/complete/list), newest first. */
export async function listCompletionsPage(deps: Pick<Deps, 'db'>, userId: number, page: PageInput) {
  const base = deps.db
    .selectFrom('completions as k')
    .innerJoin('courses as c', 'c.id', 'k.course_id')
    .where('k.user_id', '=', userId);
  const [list, total] = await Promise.all([
    base
      .select([
        'k.id',
        'c.id as courseId',
        'c.title',
        'k.kind',
        'k.score',
        'k.completed_at as completedAt',
      ])
      .orderBy('k.completed_at', 'desc')
      .$call(pageRows(page))
      .execute(),
    countRows(base),
  ]);
  return pageOf(list, total, page);
}

/**
 * Article classifies (spec 3: classifyList, secondClassify, smallClassifyList):
 * top classifies have no parent; second classifies name their parent.
 */
import { sql } from 'kysely';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';

/** A classify or second classify; `parentId` is null for a top classify. */
export interface ClassifyView {
  id: number;
  name: string;
  parentId: number | null;
}

/** A top classify with its second classifies. */
export interface ClassifyTreeView extends ClassifyView {
  children: ClassifyView[];
}

/** A classify with its number of published articles, and its second classifies with theirs. */
export interface ClassifyCountView extends ClassifyView {
  count: number;
  children: (ClassifyView & { count: number })[];
}

async function allClassifies(deps: Pick<Deps, 'db'>): Promise<ClassifyView[]> {
  const rows = await deps.db
    .selectFrom('article_classifies')
    .select(['id', 'name', 'parent_id'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }));
}

/** Top classifies in display order. */
export async function listClassifies(deps: Pick<Deps, 'db'>): Promise<ClassifyView[]> {
  return (await allClassifies(deps)).filter((c) => c.parentId === null);
}

/** One classify or second classify, or null. */
export async function getClassify(
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<ClassifyView | null> {
  const r = await deps.db
    .selectFrom('article_classifies')
    .select(['id', 'name', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { id: r.id, name: r.name, parentId: r.parent_id } : null;
}

/** The second classifies of a top classify in display order, or null when it is not a top classify. */
export async function listSecondClassifies(
  deps: Pick<Deps, 'db'>,
  classifyId: number,
): Promise<ClassifyView[] | null> {
  const parent = await getClassify(deps, classifyId);
  if (!parent || parent.parentId !== null) return null;
  return (await allClassifies(deps)).filter((c) => c.parentId === classifyId);
}

/** Top classifies, each with its second classifies. */
export async function listClassifyTree(deps: Pick<Deps, 'db'>): Promise<ClassifyTreeView[]> {
  const all = await allClassifies(deps);
  return all
    .filter((c) => c.parentId === null)
    .map((c) => ({ ...c, children: all.filter((s) => s.parentId === c.id) }));
}

/** Top classifies and their second classifies with their numbers of published articles. */
export async function listClassifyCounts(
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<ClassifyCountView[]> {
  const publishedArticles = deps.db
    .selectFrom('articles')
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', iso(deps.clock.now()));
  const [all, byClassify, bySecond] = await Promise.all([
    allClassifies(deps),
    publishedArticles
      .select(['classify_id as id', sql<number>`count(*)`.as('n')])
      .groupBy('classify_id')
      .execute(),
    publishedArticles
      .select(['second_classify_id as id', sql<number>`count(*)`.as('n')])
      .where('second_classify_id', 'is not', null)
      .groupBy('second_classify_id')
      .execute(),
  ]);
  const counts = new Map<number, number>();
  for (const r of [...byClassify, ...bySecond]) if (r.id !== null) counts.set(r.id, Number(r.n));
  return all
    .filter((c) => c.parentId === null)
    .map((c) => ({
      ...c,
      count: counts.get(c.id) ?? 0,
      children: all
        .filter((s) => s.parentId === c.id)
        .map((s) => ({ ...s, count: counts.get(s.id) ?? 0 })),
    }));
}

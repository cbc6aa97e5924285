/** Columns: big classifies grouping classifies (columns) of courses (spec 3). */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';

export interface ColumnView {
  id: number;
  name: string;
  description: string;
  cover: string | null;
  hot: boolean;
  courseCount: number;
}

export interface BigColumnView {
  id: number;
  name: string;
  description: string;
  cover: string | null;
  classifies: ColumnView[];
}

/** Every big classify with its columns and each column's published course count (index page). */
export async function listColumnIndex(deps: Pick<Deps, 'db'>): Promise<BigColumnView[]> {
  const [bigs, columns] = await Promise.all([
    deps.db
      .selectFrom('big_classifies')
      .selectAll()
      .orderBy('display_order')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('classifies as c')
      .leftJoin('courses as k', (j) =>
        j.onRef('k.classify_id', '=', 'c.id').on('k.published', '=', 1),
      )
      .select([
        'c.id',
        'c.big_classify_id',
        'c.name',
        'c.description',
        'c.cover',
        'c.hot',
        sql<number>`count(k.id)`.as('course_count'),
      ])
      .groupBy([
        'c.id',
        'c.big_classify_id',
        'c.name',
        'c.description',
        'c.cover',
        'c.hot',
        'c.display_order',
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
    classifies: columns
      .filter((c) => c.big_classify_id === b.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        cover: c.cover,
        hot: c.hot === 1,
        courseCount: Number(c.course_count),
      })),
  }));
}

/** A column with the big classify it belongs to. */
export interface ColumnDetail extends ColumnView {
  bigClassifyId: number;
  bigClassifyName: string;
}

function columnsWithCounts(deps: Pick<Deps, 'db'>) {
  return deps.db
    .selectFrom('classifies as c')
    .innerJoin('big_classifies as b', 'b.id', 'c.big_classify_id')
    .leftJoin('courses as k', (j) =>
      j.onRef('k.classify_id', '=', 'c.id').on('k.published', '=', 1),
    )
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.cover',
      'c.hot',
      'c.big_classify_id',
      'b.name as big_name',
      sql<number>`count(k.id)`.as('course_count'),
    ])
    .groupBy([
      'c.id',
      'c.name',
      'c.description',
      'c.cover',
      'c.hot',
      'c.big_classify_id',
      'b.name',
      'b.display_order',
      'c.display_order',
    ]);
}

type CountedRow = {
  id: number;
  name: string;
  description: string;
  cover: string | null;
  hot: number;
  big_classify_id: number;
  big_name: string;
  course_count: number;
};

function toDetail(c: CountedRow): ColumnDetail {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    cover: c.cover,
    hot: c.hot === 1,
    courseCount: Number(c.course_count),
    bigClassifyId: c.big_classify_id,
    bigClassifyName: c.big_name,
  };
}

/** Hot columns (classifies.hot = 1) in catalogue order. */
export async function listHotColumns(deps: Pick<Deps, 'db'>): Promise<ColumnDetail[]> {
  const rows = await columnsWithCounts(deps)
    .where('c.hot', '=', 1)
    .orderBy('b.display_order')
    .orderBy('c.display_order')
    .orderBy('c.id')
    .execute();
  return rows.map(toDetail);
}

/** A page of all columns in catalogue order (big classify, then column), with the total count. */
export async function listColumns(
  deps: Pick<Deps, 'db'>,
  opts: PageInput,
): Promise<Paged<ColumnDetail>> {
  const [rows, total] = await Promise.all([
    columnsWithCounts(deps)
      .orderBy('b.display_order')
      .orderBy('c.display_order')
      .orderBy('c.id')
      .$call(pageRows(opts))
      .execute(),
    countRows(deps.db.selectFrom('classifies')),
  ]);
  return pageOf(rows.map(toDetail), total, opts);
}

/** One column with its course count and big classify, or null. */
export async function getColumn(deps: Pick<Deps, 'db'>, id: number): Promise<ColumnDetail | null> {
  const row = await columnsWithCounts(deps).where('c.id', '=', id).executeTakeFirst();
  return row ? toDetail(row) : null;
}

/** One big classify with its columns (each with its course count), or null. */
export async function getBigColumn(
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<BigColumnView | null> {
  const big = await deps.db
    .selectFrom('big_classifies')
    .select(['id', 'name', 'description', 'cover'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!big) return null;
  const rows = await columnsWithCounts(deps)
    .where('c.big_classify_id', '=', id)
    .orderBy('c.display_order')
    .orderBy('c.id')
    .execute();
  return {
    ...big,
    classifies: rows.map(toDetail).map(({ bigClassifyId: _b, bigClassifyName: _n, ...c }) => c),
  };
}

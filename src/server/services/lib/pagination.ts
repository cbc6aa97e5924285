/** Paging of lists; the input schema is shared with the routes (src/shared/schemas.ts). */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Paged } from '../../../shared/api-shapes.ts';
import type { PageInput } from '../../../shared/schemas.ts';

export type { PageInput };

export function offsetOf(p: PageInput): number {
  return (p.page - 1) * p.size;
}

/** A page of results as the spec's stores read them (declared once in src/shared/api-shapes.ts). */
export type { Paged };

/** pageOf(rows, 42, {page: 2, size: 20}) → {list: rows, count: 42, page: 2, size: 20} */
export function pageOf<T>(list: T[], count: number, p: PageInput): Paged<T> {
  return { list, count, page: p.page, size: p.size };
}

/**
 * For `$call` on an ordered query: only the rows of page `p`.
 * `q.orderBy('id', 'desc').$call(pageRows({ page: 2, size: 20 }))` → `… limit 20 offset 20`.
 */
export function pageRows(p: PageInput) {
  return <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>) =>
    q.limit(p.size).offset(offsetOf(p));
}

/**
 * Keeps a value many pages share under a key (a list's count): a page passes the fragment
 * cache (server/page.ts pageMemo), which drops it with the list's tags; without one, the value
 * is computed each time.
 */
export type Memo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** How many rows a query (before its select) finds: `select count(*) as n …`, as a number. */
export async function countRows<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  // $castTo: Kysely cannot name the selection's type while the query's own type is generic.
  const row = await base
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number | string }>()
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of a list and the list's total, read together: `rows(base)` selects and orders, the
 * page is cut here, `base` (the filtered query before its select) is counted, and each row is
 * mapped to what the caller returns.
 * `listPage(db.selectFrom('jobs'), (q) => q.selectAll().orderBy('id', 'desc'), toView, opts)`
 */
export async function listPage<DB, TB extends keyof DB, O, T>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  map: (row: O) => T,
  p: PageInput,
): Promise<Paged<T>> {
  const [found, total] = await Promise.all([
    rows(base).$call(pageRows(p)).execute(),
    countRows(base),
  ]);
  return pageOf(found.map(map) as T[], total, p);
}

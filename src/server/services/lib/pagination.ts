/** Paging of lists; the input schema is shared with the routes (src/shared/schemas.ts). */
import type { Paged } from '../../../shared/api-shapes.ts';
import type { PageInput } from '../../../shared/schemas.ts';

export type { PageInput };

export function offsetOf(p: PageInput): number {
  return (p.page - 1) * p.size;
}

/** A page of results as the spec's stores read them (declared once in src/shared/api-shapes.ts). */
export type { Paged };

/** pageOf(rows, {n: 42}, {page: 2, size: 20}) → {list: rows, count: 42, page: 2, size: 20} */
export function pageOf<T>(list: T[], total: { n: unknown } | undefined, p: PageInput): Paged<T> {
  return { list, count: Number(total?.n ?? 0), page: p.page, size: p.size };
}

/** Paging of lists; the input schema is shared with the routes (src/shared/schemas.ts). */
import type { PageInput } from '../../../shared/schemas.ts';

export type { PageInput };

export function offsetOf(p: PageInput): number {
  return (p.page - 1) * p.size;
}

/** A page of results as the spec's stores read them: list and count. */
export interface Paged<T> {
  list: T[];
  count: number;
  page: number;
  size: number;
}

import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants.ts';

/** page (from 1) and size, as query strings or numbers; bad values fall back to defaults. */
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(PAGE_SIZE).default(PAGE_SIZE),
});
export type PageInput = z.infer<typeof pageSchema>;

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

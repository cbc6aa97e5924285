/**
 * The shapes every API answer shares, declared once: the server writes them
 * (src/server/api/errors.ts, services/lib/pagination.ts) and the islands and
 * the console read them, so a changed shape fails the type check on both sides.
 */

/** The `{ code, message, data }` envelope every API answer uses. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** A whole list as a call answers it (some calls add its count). */
export interface Listed<T> {
  list: T[];
}

/** A page of results as the spec's stores read them: list and count, with the page asked for. */
export interface Paged<T> extends Listed<T> {
  count: number;
  page: number;
  size: number;
}

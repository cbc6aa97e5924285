/**
 * The `{ code, message, data }` envelope every API answer uses; the error
 * type itself lives outside the API layer (src/server/errors.ts).
 */
import type { Envelope } from '../../shared/api-shapes.ts';
import { MSG } from '../../shared/messages.ts';
import { CODE, type AppError } from '../errors.ts';

/** The `{ code, message, data }` envelope every API answer uses (src/shared/api-shapes.ts). */
export type { Envelope };

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}

export function fail(error: AppError): Envelope<null> {
  return { code: error.code, message: error.message, data: null };
}

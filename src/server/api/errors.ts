/**
 * The one error type of the API. A handled failure is answered as HTTP 200
 * with a non-200 `code` and a Chinese `message` (DESIGN: Contracts), because
 * the client shows `message` for those and 网络错误 only for transport failures.
 */
import { MSG } from '../../shared/messages.ts';

export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  serverError: 500,
} as const;

export class ApiError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }

  static badRequest(message: string = MSG.badRequest): ApiError {
    return new ApiError(CODE.badRequest, message);
  }
  static unauthorized(message: string = MSG.notLoggedIn): ApiError {
    return new ApiError(CODE.unauthorized, message);
  }
  static forbidden(message: string = MSG.forbidden): ApiError {
    return new ApiError(CODE.forbidden, message);
  }
  static notFound(message: string = MSG.notFound): ApiError {
    return new ApiError(CODE.notFound, message);
  }
  static tooMany(message: string = MSG.tooManyRequests): ApiError {
    return new ApiError(CODE.tooMany, message);
  }
}

/** The `{ code, message, data }` envelope every API answer uses. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}

export function fail(error: ApiError): Envelope<null> {
  return { code: error.code, message: error.message, data: null };
}

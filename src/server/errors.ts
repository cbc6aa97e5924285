/**
 * The one error type of the platform: services throw it, the API's central
 * handler answers it. A handled failure is answered as HTTP 200
 * with a non-200 `code` and a Chinese `message` (DESIGN: Contracts), because
 * the client shows `message` for those and 网络错误 only for transport failures.
 */
import { MSG } from '../shared/messages.ts';

export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** A precondition the caller can meet is missing (a password login needing a captcha). */
  preconditionRequired: 428,
  tooMany: 429,
  serverError: 500,
  /** A service this call depends on is down (shared rate limiter); try again later. */
  unavailable: 503,
} as const;

export class AppError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  static badRequest(message: string = MSG.badRequest): AppError {
    return new AppError(CODE.badRequest, message);
  }
  static unauthorized(message: string = MSG.notLoggedIn): AppError {
    return new AppError(CODE.unauthorized, message);
  }
  static forbidden(message: string = MSG.forbidden): AppError {
    return new AppError(CODE.forbidden, message);
  }
  static notFound(message: string = MSG.notFound): AppError {
    return new AppError(CODE.notFound, message);
  }
  static tooMany(message: string = MSG.tooManyRequests): AppError {
    return new AppError(CODE.tooMany, message);
  }
}

/**
 * Demo-mode helpers for the development providers: the latest code in the
 * SMS outbox and a live captcha's answer, so the demo and the browser tests
 * can log in without a phone. Outside demo mode they answer exactly like an
 * unknown API path.
 */
import { MSG } from '../../../../shared/messages.ts';
import { normalizePhone } from '../../../../shared/phone.ts';
import { z } from 'zod';
import { areaNumSchema, phoneSchema } from '../../../../shared/schemas.ts';
import {
  devCaptchaAnswer,
  latestOutboxCode,
  ACCOUNTS_MSG,
} from '../../../services/accounts/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { fail } from '../../errors.ts';
import { API_MSG } from '../../messages.ts';
import type { HandlerContext } from '../../define.ts';

/** The same answer as app.ts gives an unknown /api path. */
function notHere(ctx: HandlerContext<unknown>): Response {
  return ctx.c.json(fail(AppError.notFound(API_MSG.unknownPath)), 404);
}

export const accountDevRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/dev/sms-outbox',
    access: 'public',
    input: z.unknown(),
    async handler(ctx) {
      if (ctx.deps.config.mode !== 'demo') return notHere(ctx);
      const parsed = z.object({ mobile: phoneSchema, areaNum: areaNumSchema }).safeParse(ctx.input);
      if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message);
      const phone = normalizePhone(parsed.data);
      if (!phone) throw AppError.badRequest(MSG.phoneInvalid);
      const sent = await latestOutboxCode(ctx.deps, phone);
      if (!sent) throw AppError.notFound(ACCOUNTS_MSG.devNothingSent);
      return sent;
    },
  }),
  route({
    method: 'get',
    path: '/api/dev/captcha/:captchaId',
    access: 'public',
    input: z.unknown(),
    handler(ctx) {
      if (ctx.deps.config.mode !== 'demo') return notHere(ctx);
      const id = (ctx.input as { captchaId?: string }).captchaId ?? '';
      const answer = devCaptchaAnswer(ctx.deps, id);
      if (!answer) throw AppError.notFound(ACCOUNTS_MSG.devCaptchaUnknown);
      return { answer };
    },
  }),
];

/**
 * Graphic captchas (spec 7: /api/getCaptcha): made on the server, stored as
 * SHA-256 of id + answer with a 5-minute expiry, single use; a wrong answer
 * burns the captcha too, so each image allows exactly one guess.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { sha256 } from './shared.ts';
import { captchaDataUrl, captchaSvg, captchaText, normalizeAnswer } from './captcha-image.ts';
import { consumeLimits } from '../lib/index.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

type CaptchaDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/**
 * Plain answers for `/api/dev/captcha/{id}`: kept in this process's memory,
 * and only in demo mode, so they never reach the database or production.
 */
const devAnswers = new Map<string, { answer: string; expiresAt: number }>();
const DEV_ANSWERS_MAX = 1000;

function answerHash(id: string, answer: string): string {
  return sha256(`${id}:${normalizeAnswer(answer)}`);
}

/** A captcha as the API answers it: the image as a data URL, and the id to answer it with. */
export interface CaptchaChallenge {
  /** 'data:image/svg+xml;base64,…' */
  captcha: string;
  captchaId: string;
}

/** A new captcha: `{ captcha: 'data:image/svg+xml;base64,…', captchaId }`. */
export async function createCaptcha(deps: CaptchaDeps, ip: string): Promise<CaptchaChallenge> {
  // Each image is a stored row: cap how fast one address can make them.
  await consumeLimits(deps, [
    {
      bucket: `captcha:ip:${ip}`,
      windowMs: 60_000,
      max: 30,
      message: () => ACCOUNTS_MSG.captchaTooMany,
    },
  ]);
  const now = deps.clock.now();
  const text = captchaText();
  const captchaId = randomUUID();
  // Expired captchas are dropped here rather than by a timer; an hour's grace keeps the delete cheap to repeat.
  await deps.db
    .deleteFrom('captchas')
    .where('expires_at', '<', iso(new Date(now.getTime() - 3_600_000)))
    .execute();
  await deps.db
    .insertInto('captchas')
    .values({
      id: captchaId,
      answer_hash: answerHash(captchaId, text),
      expires_at: iso(new Date(now.getTime() + CAPTCHA_TTL_MS)),
      used: 0,
    })
    .execute();
  if (deps.config.mode === 'demo') {
    if (devAnswers.size >= DEV_ANSWERS_MAX) devAnswers.delete(devAnswers.keys().next().value!);
    devAnswers.set(captchaId, { answer: text, expiresAt: now.getTime() + CAPTCHA_TTL_MS });
  }
  return { captcha: captchaDataUrl(captchaSvg(text)), captchaId };
}

/**
 * Checks an answer and burns the captcha whatever the outcome; throws code
 * 400 图形验证码错误或已过期 for a wrong, used, expired or unknown captcha.
 */
export async function verifyCaptcha(
  deps: Pick<Deps, 'db' | 'clock'>,
  captchaId: string,
  answer: string,
): Promise<void> {
  const fail = () => AppError.badRequest(ACCOUNTS_MSG.captchaInvalid);
  const burned = await deps.db
    .updateTable('captchas')
    .set({ used: 1 })
    .where('id', '=', captchaId)
    .where('used', '=', 0)
    .where('expires_at', '>', iso(deps.clock.now()))
    .executeTakeFirst();
  // Only the request that flipped `used` may go on: a captcha answers one guess.
  if (Number(burned.numUpdatedRows) !== 1) throw fail();
  devAnswers.delete(captchaId);
  const row = await deps.db
    .selectFrom('captchas')
    .select('answer_hash')
    .where('id', '=', captchaId)
    .executeTakeFirst();
  const expected = Buffer.from(row?.answer_hash ?? '', 'hex');
  const given = Buffer.from(answerHash(captchaId, answer), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fail();
}

/** The plain answer of a live captcha, demo mode only (for `/api/dev/captcha/{id}`). */
export function devCaptchaAnswer(
  deps: Pick<Deps, 'config' | 'clock'>,
  captchaId: string,
): string | null {
  if (deps.config.mode !== 'demo') return null;
  const entry = devAnswers.get(captchaId);
  if (!entry || entry.expiresAt <= deps.clock.now().getTime()) return null;
  return entry.answer;
}

/**
 * SMS verification codes (spec 5: 4 digits; spec 9: 60 s resend). Codes are
 * stored as SHA-256 only, live 5 minutes, are single use, and die after 5
 * wrong tries. Sending is limited per phone (1 per 60 s, 5 per hour, 10 per
 * day) and per IP (20 per hour) in the database, so limits survive restarts.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { TIMING } from '../../../shared/constants.ts';
import { fmt } from '../../../shared/messages.ts';
import { AppError, CODE } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { SmsPhone, SmsPurpose } from '../../providers/sms/index.ts';
import { SmsSendError } from '../../providers/sms/index.ts';
import { maskMobile } from '../../../shared/phone.ts';
import { phoneKey, sha256 } from './shared.ts';
import { consumeLimits, type LimitRule } from '../lib/index.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type SmsDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config' | 'providers' | 'limiter'>;

/** The send limits of one phone and one client address, in the order they are reported. */
export function sendLimits(phone: SmsPhone, ip: string): LimitRule[] {
  const bucket = `sms:phone:${phoneKey(phone)}`;
  return [
    {
      bucket,
      windowMs: TIMING.codeResendSeconds * 1000,
      max: 1,
      message: (s) => fmt(ACCOUNTS_MSG.sendTooFrequent, { n: s }),
    },
    {
      bucket,
      windowMs: HOUR,
      max: 5,
      message: (s) => fmt(ACCOUNTS_MSG.sendHourlyLimit, { n: Math.ceil(s / 60) }),
    },
    { bucket, windowMs: 24 * HOUR, max: 10, message: () => ACCOUNTS_MSG.sendDailyLimit },
    { bucket: `sms:ip:${ip}`, windowMs: HOUR, max: 20, message: () => ACCOUNTS_MSG.sendIpLimit },
  ];
}

function codeHash(phone: SmsPhone, purpose: SmsPurpose, code: string): string {
  return sha256(`${purpose}:${phoneKey(phone)}:${code}`);
}

/**
 * Counts a send against the limits and, when `deliver` is true, makes a code,
 * stores its hash and hands it to the SMS provider. `deliver: false` is for a
 * password reset of an unknown phone: the same limits and answer, no SMS.
 */
export async function issueSmsCode(
  deps: SmsDeps,
  opts: { phone: SmsPhone; purpose: SmsPurpose; ip: string; deliver: boolean },
): Promise<void> {
  const { phone, purpose } = opts;
  // Fails closed when Redis is down: an SMS costs money and the limits stop abuse.
  await consumeLimits(deps, sendLimits(phone, opts.ip), {
    failClosed: ACCOUNTS_MSG.sendUnavailable,
  });
  if (!opts.deliver) return;
  const now = deps.clock.now();
  const code = String(randomInt(0, 10 ** 4)).padStart(4, '0');
  // A new code replaces any earlier one of the same phone and purpose.
  await deps.db
    .updateTable('sms_codes')
    .set({ used: 1 })
    .where('area_num', '=', phone.areaNum)
    .where('mobile', '=', phone.mobile)
    .where('purpose', '=', purpose)
    .where('used', '=', 0)
    .execute();
  const row = await deps.db
    .insertInto('sms_codes')
    .values({
      mobile: phone.mobile,
      area_num: phone.areaNum,
      purpose,
      code_hash: codeHash(phone, purpose, code),
      used: 0,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + SMS_CODE_TTL_MS)),
      ip: opts.ip.slice(0, 64),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sms = deps.providers.sms;
  try {
    await sms.sendCode(phone, code, purpose);
  } catch (err) {
    await deps.db.updateTable('sms_codes').set({ used: 1 }).where('id', '=', row.id).execute();
    const providerCode = err instanceof SmsSendError ? err.providerCode : 'unexpected';
    deps.logger.warn('SMS send failed', {
      provider: sms.name,
      providerCode,
      mobile: maskMobile(phone.mobile),
      purpose,
    });
    if (err instanceof SmsSendError && err.rateLimited)
      throw AppError.tooMany(fmt(ACCOUNTS_MSG.sendHourlyLimit, { n: 60 }));
    throw new AppError(CODE.serverError, ACCOUNTS_MSG.sendFailed);
  }
  deps.logger.info('SMS code sent', {
    provider: sms.name,
    mobile: maskMobile(phone.mobile),
    purpose,
  });
}

/**
 * Checks a code against the latest one sent to the phone for this purpose and
 * uses it up. Throws code 400 验证码错误或已过期 when it is wrong, used,
 * expired or has had 5 wrong tries; a wrong try counts towards the 5.
 */
export async function consumeSmsCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  phone: SmsPhone,
  purpose: SmsPurpose,
  code: string,
): Promise<void> {
  const fail = () => AppError.badRequest(ACCOUNTS_MSG.codeInvalid);
  const now = iso(deps.clock.now());
  const row = await deps.db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash'])
    .where('area_num', '=', phone.areaNum)
    .where('mobile', '=', phone.mobile)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw fail();
  // Reserve this guess first, in one statement: of any number of guesses sent in parallel, at
  // most SMS_CODE_MAX_ATTEMPTS are ever compared (a 4-digit code must not be brute-forced).
  const reserved = await deps.db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .where('expires_at', '>', now)
    .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) !== 1) throw fail();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(phone, purpose, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fail();
  // Conditional update: of two requests racing with the right code, one wins.
  const res = await deps.db
    .updateTable('sms_codes')
    .set({ used: 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw fail();
}

/** The latest code the demo SMS outbox holds for a number (demo mode's login helper). */
export async function latestOutboxCode(
  deps: Pick<Deps, 'db'>,
  phone: SmsPhone,
): Promise<{ code: string; purpose: string; sentAt: string } | null> {
  const row = await deps.db
    .selectFrom('sms_outbox')
    .select(['code', 'purpose', 'created_at'])
    .where('mobile', '=', phone.mobile)
    .where('area_num', '=', phone.areaNum)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { code: row.code, purpose: row.purpose, sentAt: row.created_at } : null;
}

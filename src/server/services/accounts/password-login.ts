/**
 * Password login (spec 7: /api/user/login) with wrong-password limits
 * (issue 13): 5 failures within 15 minutes lock the phone for the address
 * they came from (a stranger elsewhere cannot lock the owner out), and one
 * address may fail at most 30 times in 15 minutes across phones. A try is
 * reserved atomically before the password is checked, so parallel guesses
 * cannot get past the limit: of 100 at once, 5 are checked. Limits are keyed
 * on the phone, registered or not, so neither answers nor locks reveal which
 * phones have accounts. Across addresses, an account's wrong passwords have a ceiling too
 * (ACCOUNT_CAPTCHA_AFTER): past it a password try needs a solved captcha and waits longer each
 * time; the owner gets in with the captcha or an SMS code.
 */
import { fmt } from '../../../shared/messages.ts';
import type { PasswordLoginInput } from '../../../shared/schemas.ts';
import { AppError, CODE } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { phoneKey } from './shared.ts';
import { verifyPassword } from './password.ts';
import {
  clearHits,
  clearHitsWithPrefix,
  consumeLimitsInDatabase,
  countHits,
  forgetLastHit,
  recordHits,
  type LimitRule,
} from '../lib/index.ts';
import { verifyCaptcha } from './captcha.ts';
import { createSession } from './sessions.ts';
import { ACCOUNTS_MSG } from './messages.ts';

/** One answer for an unknown phone and a wrong password, so the form does not reveal who is registered. */

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_IP_MAX_FAILURES = 30;
/**
 * Wrong passwords on one account from any address (issue 24) after which each password try
 * needs a solved captcha and waits longer than the last: 1 s, 2 s, 4 s … up to 5 minutes. The
 * owner is never locked out: a captcha answers it, and SMS-code login is not limited by this.
 */
export const ACCOUNT_CAPTCHA_AFTER = 10;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
const ACCOUNT_MAX_DELAY_MS = 5 * 60 * 1000;

/** The wait before the next password try once `failures` passed the captcha threshold. */
export function accountDelayMs(failures: number): number {
  const over = Math.max(0, failures - ACCOUNT_CAPTCHA_AFTER);
  return Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** Math.min(over, 20));
}

// A valid scrypt hash of a random string: unknown phones cost the same time as known ones.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$Vm0wd2QyUXlVWGxWV0d4V1YwZDRWMVl3WkRSV01WbDNXa1JTVjAxV2JETlhhMUpU';

type AuthDeps = Pick<Deps, 'db' | 'clock'>;
type Phone = { areaNum: string; mobile: string };

const phoneBuckets = (p: Phone) => `login:fail:${phoneKey(p)}:`;
const failBucket = (p: Phone, ip: string) => `${phoneBuckets(p)}${ip}`;
const ipBucket = (ip: string) => `login:fail-ip:${ip}`;
const accountBucket = (p: Phone) => `login:fail-acct:${phoneKey(p)}`;
const slowBucket = (p: Phone) => `login:slow:${phoneKey(p)}`;

function lockedMessage(seconds: number): string {
  return fmt(ACCOUNTS_MSG.loginLocked, { n: Math.max(1, Math.ceil(seconds / 60)) });
}

/** Forgets a phone's wrong passwords from every address (after a password reset). */
export async function clearLoginFailures(deps: AuthDeps, phone: Phone): Promise<void> {
  await clearHitsWithPrefix(deps, phoneBuckets(phone));
  await clearHits(deps, accountBucket(phone));
  await clearHits(deps, slowBucket(phone));
}

export async function loginWithPassword(
  deps: AuthDeps,
  input: PasswordLoginInput,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const phone = { areaNum: input.areaNum, mobile: input.mobile };
  const ip = meta.ip || 'unknown';
  const tries = failBucket(phone, ip);
  const account = accountBucket(phone);
  const perAddress: LimitRule[] = [
    { bucket: tries, windowMs: LOGIN_WINDOW_MS, max: LOGIN_MAX_FAILURES, message: lockedMessage },
    {
      bucket: ipBucket(ip),
      windowMs: LOGIN_WINDOW_MS,
      max: LOGIN_IP_MAX_FAILURES,
      message: () => ACCOUNTS_MSG.loginIpLimit,
    },
  ];
  // Reserve this try first, atomically; a failure keeps it, a success gives it back. The
  // account's own count is reserved in the same step, so of many parallel tries from many
  // addresses no more than ACCOUNT_CAPTCHA_AFTER get past it without a captcha.
  // In the database even with Redis: the try is counted, cleared and forgotten below.
  try {
    await consumeLimitsInDatabase(deps, [
      ...perAddress,
      {
        bucket: account,
        windowMs: ACCOUNT_WINDOW_MS,
        max: ACCOUNT_CAPTCHA_AFTER,
        message: () => ACCOUNTS_MSG.loginCaptchaNeeded,
      },
    ]);
  } catch (err) {
    if (!(err instanceof AppError) || err.message !== ACCOUNTS_MSG.loginCaptchaNeeded) throw err;
    // Past the account's ceiling: a solved captcha, then a wait that doubles each time.
    if (!input.captcha || !input.captchaId)
      throw new AppError(CODE.preconditionRequired, ACCOUNTS_MSG.loginCaptchaNeeded);
    await verifyCaptcha(deps, input.captchaId, input.captcha);
    const failures = await countHits(deps, account, ACCOUNT_WINDOW_MS);
    await consumeLimitsInDatabase(deps, [
      ...perAddress,
      {
        bucket: slowBucket(phone),
        windowMs: accountDelayMs(failures),
        max: 1,
        message: (n) => fmt(ACCOUNTS_MSG.loginSlowDown, { n }),
      },
    ]);
    await recordHits(deps, [account]);
  }
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('area_num', '=', input.areaNum)
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) {
    // The 5th failure says at once that this address is now locked out of the phone.
    const failures = await countHits(deps, tries, LOGIN_WINDOW_MS);
    if (failures >= LOGIN_MAX_FAILURES)
      throw AppError.tooMany(lockedMessage(LOGIN_WINDOW_MS / 1000));
    throw AppError.badRequest(ACCOUNTS_MSG.loginFailed);
  }
  await clearHits(deps, tries);
  await forgetLastHit(deps, ipBucket(ip));
  // The owner is in: the account's count starts again.
  await clearHits(deps, account);
  const session = await createSession(deps, user.id, meta);
  return { ...session, userId: user.id };
}

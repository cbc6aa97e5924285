/**
 * Password login (spec 7: /api/user/login) with wrong-password limits
 * (issue 13): 5 failures within 15 minutes lock the phone for the address
 * they came from (a stranger elsewhere cannot lock the owner out), and one
 * address may fail at most 30 times in 15 minutes across phones. A try is
 * reserved atomically before the password is checked, so parallel guesses
 * cannot get past the limit: of 100 at once, 5 are checked. Limits are keyed
 * on the phone, registered or not, so neither answers nor locks reveal which
 * phones have accounts.
 */
import { fmt } from '../../../shared/messages.ts';
import type { PasswordLoginInput } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { phoneKey } from './shared.ts';
import { verifyPassword } from './password.ts';
import {
  clearHits,
  clearHitsWithPrefix,
  consumeLimitsInDatabase,
  countHits,
  forgetLastHit,
} from '../lib/index.ts';
import { createSession } from './sessions.ts';
import { ACCOUNTS_MSG } from './messages.ts';

/** One answer for an unknown phone and a wrong password, so the form does not reveal who is registered. */

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_IP_MAX_FAILURES = 30;

// A valid scrypt hash of a random string: unknown phones cost the same time as known ones.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$Vm0wd2QyUXlVWGxWV0d4V1YwZDRWMVl3WkRSV01WbDNXa1JTVjAxV2JETlhhMUpU';

type AuthDeps = Pick<Deps, 'db' | 'clock'>;
type Phone = { areaNum: string; mobile: string };

const phoneBuckets = (p: Phone) => `login:fail:${phoneKey(p)}:`;
const failBucket = (p: Phone, ip: string) => `${phoneBuckets(p)}${ip}`;
const ipBucket = (ip: string) => `login:fail-ip:${ip}`;

function lockedMessage(seconds: number): string {
  return fmt(ACCOUNTS_MSG.loginLocked, { n: Math.max(1, Math.ceil(seconds / 60)) });
}

/** Forgets a phone's wrong passwords from every address (after a password reset). */
export async function clearLoginFailures(deps: AuthDeps, phone: Phone): Promise<void> {
  await clearHitsWithPrefix(deps, phoneBuckets(phone));
}

export async function loginWithPassword(
  deps: AuthDeps,
  input: PasswordLoginInput,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const phone = { areaNum: input.areaNum, mobile: input.mobile };
  const ip = meta.ip || 'unknown';
  const tries = failBucket(phone, ip);
  // Reserve this try first, atomically; a failure keeps it, a success gives it back.
  // In the database even with Redis: the try is counted, cleared and forgotten below.
  await consumeLimitsInDatabase(deps, [
    { bucket: tries, windowMs: LOGIN_WINDOW_MS, max: LOGIN_MAX_FAILURES, message: lockedMessage },
    {
      bucket: ipBucket(ip),
      windowMs: LOGIN_WINDOW_MS,
      max: LOGIN_IP_MAX_FAILURES,
      message: () => ACCOUNTS_MSG.loginIpLimit,
    },
  ]);
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
  const session = await createSession(deps, user.id, meta);
  return { ...session, userId: user.id };
}

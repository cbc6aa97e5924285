/**
 * Password login (spec 7: /api/user/login) with wrong-password limits: 5
 * failures within 15 minutes lock the phone for 15 minutes, and one address
 * may fail at most 30 times in 15 minutes. Limits are keyed on the phone as
 * typed, registered or not, so neither the answers nor the lock reveal
 * which phones have accounts.
 */
import { ACCOUNT_MSG } from '../../../shared/account-messages.ts';
import { fmt } from '../../../shared/messages.ts';
import type { PasswordLoginInput } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { phoneKey } from './shared.ts';
import { verifyPassword } from './password.ts';
import { clearHits, countHits, recordHits, retryAfter } from '../lib/index.ts';
import { createSession } from './sessions.ts';

/** One answer for an unknown phone and a wrong password, so the form does not reveal who is registered. */
export const LOGIN_FAILED = '手机号或密码错误';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_IP_MAX_FAILURES = 30;

// A valid scrypt hash of a random string: unknown phones cost the same time as known ones.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$Vm0wd2QyUXlVWGxWV0d4V1YwZDRWMVl3WkRSV01WbDNXa1JTVjAxV2JETlhhMUpU';

type AuthDeps = Pick<Deps, 'db' | 'clock'>;
type Phone = { areaNum: string; mobile: string };

const failBucket = (p: Phone) => `login:fail:${phoneKey(p)}`;
const lockBucket = (p: Phone) => `login:lock:${phoneKey(p)}`;
const ipBucket = (ip: string) => `login:fail-ip:${ip}`;

function lockedError(seconds: number): AppError {
  return AppError.tooMany(
    fmt(ACCOUNT_MSG.loginLocked, { n: Math.max(1, Math.ceil(seconds / 60)) }),
  );
}

/** Forgets a phone's wrong passwords and lock (after a login or a password reset). */
export async function clearLoginFailures(deps: AuthDeps, phone: Phone): Promise<void> {
  await clearHits(deps, failBucket(phone));
  await clearHits(deps, lockBucket(phone));
}

/** Counts a failure; on the 5th within the window, locks the phone and says so. */
async function recordFailure(deps: AuthDeps, phone: Phone, ip: string): Promise<AppError> {
  await recordHits(deps, [failBucket(phone), ipBucket(ip)]);
  const failures = await countHits(deps, failBucket(phone), LOGIN_WINDOW_MS);
  if (failures < LOGIN_MAX_FAILURES) return AppError.badRequest(LOGIN_FAILED);
  await recordHits(deps, [lockBucket(phone)]);
  await clearHits(deps, failBucket(phone));
  // Mirrored on the account for admins; the lock itself lives in rate_limit_hits, which also covers unknown phones.
  await deps.db
    .updateTable('users')
    .set({
      locked_until: iso(new Date(deps.clock.now().getTime() + LOGIN_LOCK_MS)),
      failed_logins: failures,
    })
    .where('area_num', '=', phone.areaNum)
    .where('mobile', '=', phone.mobile)
    .execute();
  return lockedError(LOGIN_LOCK_MS / 1000);
}

export async function loginWithPassword(
  deps: AuthDeps,
  input: PasswordLoginInput,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const phone = { areaNum: input.areaNum, mobile: input.mobile };
  const ip = meta.ip || 'unknown';
  const locked = await retryAfter(deps, {
    bucket: lockBucket(phone),
    windowMs: LOGIN_LOCK_MS,
    max: 1,
  });
  if (locked > 0) throw lockedError(locked);
  if (
    (await retryAfter(deps, {
      bucket: ipBucket(ip),
      windowMs: LOGIN_WINDOW_MS,
      max: LOGIN_IP_MAX_FAILURES,
    })) > 0
  ) {
    throw AppError.tooMany(ACCOUNT_MSG.loginIpLimit);
  }
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'failed_logins'])
    .where('area_num', '=', input.areaNum)
    .where('mobile', '=', input.mobile)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw await recordFailure(deps, phone, ip);
  await clearHits(deps, failBucket(phone));
  if (user.failed_logins !== 0) {
    await deps.db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
  }
  const session = await createSession(deps, user.id, meta);
  return { ...session, userId: user.id };
}

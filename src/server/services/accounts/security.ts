/**
 * /safesetting (accounts issue): changing the password and the login phone.
 * Both end the member's other sessions; the current one stays.
 */
import { MSG } from '../../../shared/messages.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { SmsPhone } from '../../providers/sms/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { consumeLimits } from '../lib/index.ts';
import { consumeSmsCode } from './sms-codes.ts';
import { ACCOUNTS_MSG } from './messages.ts';

type SecurityDeps = Pick<Deps, 'db' | 'clock' | 'logger'>;

async function endOtherSessions(
  deps: SecurityDeps,
  userId: number,
  keepSessionId: number,
): Promise<void> {
  await deps.db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .execute();
}

/**
 * Sets a new password. A member who has one must give it (5 tries per 15
 * minutes); one who signed up by SMS code and has none sets it directly.
 */
export async function changePassword(
  deps: SecurityDeps,
  member: { id: number; sessionId: number },
  input: { oldPassword: string; password: string },
): Promise<void> {
  const user = await deps.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  if (user.password_hash) {
    if (!input.oldPassword) throw AppError.badRequest(ACCOUNTS_MSG.security.oldPasswordRequired);
    await consumeLimits(deps, [
      {
        bucket: `pwchange:${member.id}`,
        max: 5,
        windowMs: 15 * 60_000,
        message: () => MSG.tooManyRequests,
      },
    ]);
    if (!(await verifyPassword(input.oldPassword, user.password_hash)))
      throw AppError.badRequest(ACCOUNTS_MSG.security.oldPasswordWrong);
    if (input.oldPassword === input.password)
      throw AppError.badRequest(ACCOUNTS_MSG.security.passwordSame);
  }
  const hash = await hashPassword(input.password);
  await deps.db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: iso(deps.clock.now()) })
    .where('id', '=', member.id)
    .execute();
  await endOtherSessions(deps, member.id, member.sessionId);
  deps.logger.info('password changed', { userId: member.id });
}

/**
 * Moves the account to a new phone proven by an SMS code sent to it. The code
 * is checked before anything is said about the phone: whether a number is
 * registered is told only to whoever holds that number (issue 13: no
 * enumeration), and a member gets 10 attempts an hour.
 */
export async function changeMobile(
  deps: SecurityDeps,
  member: { id: number; sessionId: number },
  phone: SmsPhone,
  code: string,
): Promise<void> {
  await consumeLimits(deps, [
    {
      bucket: `mobilechange:${member.id}`,
      max: 10,
      windowMs: 60 * 60_000,
      message: () => MSG.tooManyRequests,
    },
  ]);
  const user = await deps.db
    .selectFrom('users')
    .select(['area_num', 'mobile'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  if (user.area_num === phone.areaNum && user.mobile === phone.mobile)
    throw AppError.badRequest(ACCOUNTS_MSG.security.mobileSame);
  await consumeSmsCode(deps, phone, 'login', code);
  const taken = await deps.db
    .selectFrom('users')
    .select('id')
    .where('area_num', '=', phone.areaNum)
    .where('mobile', '=', phone.mobile)
    .executeTakeFirst();
  if (taken) throw AppError.badRequest(ACCOUNTS_MSG.security.mobileTaken);
  try {
    await deps.db
      .updateTable('users')
      .set({ area_num: phone.areaNum, mobile: phone.mobile, updated_at: iso(deps.clock.now()) })
      .where('id', '=', member.id)
      .execute();
  } catch {
    // The unique (area_num, mobile) constraint: someone registered it a moment ago.
    throw AppError.badRequest(ACCOUNTS_MSG.security.mobileTaken);
  }
  await endOtherSessions(deps, member.id, member.sessionId);
  deps.logger.info('mobile changed', { userId: member.id });
}

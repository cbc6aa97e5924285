/**
 * Password recovery (spec 2: /forgetpass; spec 7: verify_reset, reset,
 * resetConfirm): an SMS code (type 2) proves the phone, is traded for a
 * short-lived single-use reset token, and the token sets the new password
 * and ends every session of the member.
 */
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { SmsPhone } from '../../providers/sms/index.ts';
import { consumeAccountToken, issueAccountToken } from './tokens.ts';
import { findUserByPhone } from './code-login.ts';
import { clearLoginFailures } from './password-login.ts';
import { hashPassword } from './password.ts';
import { issueSmsCode, consumeSmsCode } from './sms-codes.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;

type ResetDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config' | 'providers'>;

/**
 * Sends a reset code. The answer is the same whether or not the phone is
 * registered (the limits count either way); only registered phones get an SMS.
 */
export async function requestResetCode(
  deps: ResetDeps,
  phone: SmsPhone,
  ip: string,
): Promise<void> {
  const user = await findUserByPhone(deps, phone);
  await issueSmsCode(deps, { phone, purpose: 'reset', ip, deliver: user !== undefined });
}

/** Trades a reset code for a reset token (10 minutes, single use). */
export async function verifyResetCode(
  deps: ResetDeps,
  phone: SmsPhone,
  code: string,
): Promise<{ resetToken: string }> {
  await consumeSmsCode(deps, phone, 'reset', code);
  const user = await findUserByPhone(deps, phone);
  // Codes are only sent to registered phones; an account deleted meanwhile reads as a bad code.
  if (!user) throw AppError.badRequest(ACCOUNTS_MSG.codeInvalid);
  const resetToken = await issueAccountToken(deps, {
    purpose: 'reset',
    userId: user.id,
    ttlMs: RESET_TOKEN_TTL_MS,
  });
  return { resetToken };
}

/** Sets the new password and ends all of the member's sessions, everywhere. */
export async function confirmReset(
  deps: ResetDeps,
  resetToken: string,
  password: string,
): Promise<void> {
  const token = await consumeAccountToken(deps, 'reset', resetToken);
  if (!token?.user_id) throw AppError.badRequest(ACCOUNTS_MSG.resetTokenInvalid);
  const userId = token.user_id;
  const hash = await hashPassword(password);
  const user = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: hash,
        failed_logins: 0,
        locked_until: null,
        updated_at: iso(deps.clock.now()),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    return trx
      .selectFrom('users')
      .select(['area_num', 'mobile'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  });
  // A member who proved the phone is no longer locked out by earlier wrong passwords.
  await clearLoginFailures(deps, { areaNum: user.area_num, mobile: user.mobile });
  deps.logger.info('password reset', { userId });
}

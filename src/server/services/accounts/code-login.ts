/**
 * Phone-number accounts (DESIGN: Identity): SMS-code login that registers an
 * unknown phone after verification (spec 5), and the account creation shared
 * with WeChat binding: a default name, a unique invite code, the inviter.
 */
import { randomInt } from 'node:crypto';
import type { CodeLoginInput } from '../../../shared/account-schemas.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { SmsPhone } from '../../providers/sms/index.ts';
import { isUniqueViolation } from '../lib/index.ts';
import { createSession } from './sessions.ts';
import { consumeSmsCode } from './sms-codes.ts';
import { fmt } from '../../../shared/messages.ts';
import { ACCOUNTS_MSG } from './messages.ts';
import { grantInviteRewards, grantRegisterCoupons } from '../commerce/index.ts';

/** The seed's alphabet: uppercase, no 0/O/1/I. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

type AccountDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
export type SessionMeta = { ip?: string | null; userAgent?: string | null };

/** A random 8-character invite code, e.g. 'K7QM2XHP'. */
export function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    s += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return s;
}

/** The default display name of a new account: 用户 + the phone's last 4 digits. */
export function defaultName(mobile: string): string {
  return fmt(ACCOUNTS_MSG.defaultName, { last4: mobile.slice(-4) });
}

/** The member owning an invite code (case-insensitive), or null. */
export async function findInviter(
  deps: Pick<Deps, 'db'>,
  code: string | undefined | null,
): Promise<{ id: number; invited_by: number | null; code: string } | null> {
  const normalized = code?.trim().toUpperCase();
  if (!normalized || normalized.length !== INVITE_CODE_LENGTH) return null;
  const row = await deps.db
    .selectFrom('users')
    .select(['id', 'invited_by', 'invite_code as code'])
    .where('invite_code', '=', normalized)
    .executeTakeFirst();
  return row ?? null;
}

/** The account of a phone, if any. */
export async function findUserByPhone(
  deps: Pick<Deps, 'db'>,
  phone: SmsPhone,
): Promise<{ id: number } | undefined> {
  return deps.db
    .selectFrom('users')
    .select('id')
    .where('area_num', '=', phone.areaNum)
    .where('mobile', '=', phone.mobile)
    .executeTakeFirst();
}

/**
 * The account of a phone, created when there is none (password unset, name
 * 用户1234, a fresh invite code, invited by the owner of `inviteCode` when
 * that code is valid). `created` says whether this call made it.
 */
export async function findOrCreateUser(
  deps: AccountDeps,
  phone: SmsPhone,
  inviteCode?: string | null,
): Promise<{ id: number; created: boolean }> {
  const existing = await findUserByPhone(deps, phone);
  if (existing) return { id: existing.id, created: false };
  const inviter = await findInviter(deps, inviteCode);
  const now = iso(deps.clock.now());
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newInviteCode();
    try {
      const id = await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            mobile: phone.mobile,
            area_num: phone.areaNum,
            password_hash: null,
            name: defaultName(phone.mobile),
            product_interests: '[]',
            role: 'member',
            invite_code: code,
            invited_by: inviter?.id ?? null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // 新人券 (issue 27): the rule coupons, in this transaction like the invite reward.
        await grantRegisterCoupons(trx, row.id, deps.clock.now());
        if (inviter) {
          await trx
            .insertInto('invites')
            .values({
              inviter_id: inviter.id,
              invitee_id: row.id,
              code: inviter.code,
              created_at: now,
            })
            .execute();
          // Both sides' reward (issue 27), in this transaction: a raced registration rolls back with it.
          await grantInviteRewards(
            deps,
            trx,
            { inviterId: inviter.id, inviteeId: row.id },
            deps.clock.now(),
          );
        }
        return row.id;
      });
      return { id, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Either the phone was registered by a parallel request, or the invite code collided: look, then retry.
      const raced = await findUserByPhone(deps, phone);
      if (raced) return { id: raced.id, created: false };
    }
  }
  throw new Error('could not allocate a unique invite code');
}

/**
 * SMS-code login (spec 7: /api/user/loginCode): verifies the code, registers
 * the phone if it is new, and opens a session.
 */
export async function loginWithCode(
  deps: AccountDeps,
  input: CodeLoginInput,
  meta: SessionMeta,
): Promise<{ token: string; expiresAt: Date; userId: number; registered: boolean }> {
  const phone = { areaNum: input.areaNum, mobile: input.mobile };
  await consumeSmsCode(deps, phone, 'login', input.code);
  const user = await findOrCreateUser(deps, phone, input.inviteCode);
  const session = await createSession(deps, user.id, meta);
  return { ...session, userId: user.id, registered: user.created };
}

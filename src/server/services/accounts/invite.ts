/**
 * Invite codes (spec 3: invite; spec 7: /api/user/invite, /api/invite/save).
 * Every member has one; a member may name their inviter once, not
 * themselves, and only within 7 days of registering.
 */
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { grantInviteRewards } from '../commerce/index.ts';
import { findInviter } from './code-login.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const INVITE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The member's invite code and the registration link carrying it (spec 2: /regeister?code). */
export async function myInvite(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: number,
): Promise<{ invite: string; url: string }> {
  const row = await deps.db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    invite: row.invite_code,
    url: `${deps.config.siteUrl}/regeister?code=${row.invite_code}`,
  };
}

/** Records that the member was invited by the owner of `code`; throws a Chinese 400 otherwise. */
export async function saveInvite(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: number,
  code: string,
): Promise<void> {
  const me = await deps.db
    .selectFrom('users')
    .select(['invite_code', 'invited_by', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (me.invite_code === code.trim().toUpperCase())
    throw AppError.badRequest(ACCOUNTS_MSG.inviteSelf);
  if (me.invited_by !== null) throw AppError.badRequest(ACCOUNTS_MSG.inviteAlready);
  const now = deps.clock.now();
  if (Date.parse(me.created_at) + INVITE_WINDOW_MS < now.getTime())
    throw AppError.badRequest(ACCOUNTS_MSG.inviteTooLate);
  const inviter = await findInviter(deps, code);
  if (!inviter) throw AppError.badRequest(ACCOUNTS_MSG.inviteInvalid);
  // Two members naming each other would make a loop in the invite tree.
  if (inviter.invited_by === userId) throw AppError.badRequest(ACCOUNTS_MSG.inviteLoop);
  await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('users')
      .set({ invited_by: inviter.id, updated_at: iso(now) })
      .where('id', '=', userId)
      .where('invited_by', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw AppError.badRequest(ACCOUNTS_MSG.inviteAlready);
    await trx
      .insertInto('invites')
      .values({
        inviter_id: inviter.id,
        invitee_id: userId,
        code: inviter.code,
        created_at: iso(now),
      })
      .execute();
    await grantInviteRewards(deps, trx, { inviterId: inviter.id, inviteeId: userId }, now);
  });
}

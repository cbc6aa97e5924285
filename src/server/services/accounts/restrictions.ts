/**
 * What staff may do to an account (members' moderation asks for it): a comment ban,
 * disabling, signing out everywhere. The caller checks who may be targeted.
 */
import type { Database } from '../../db/database.ts';

/** Sets (an ISO time) or lifts (null) the user's comment ban. */
export async function setUserBan(
  db: Database,
  userId: number,
  until: string | null,
): Promise<void> {
  await db.updateTable('users').set({ banned_until: until }).where('id', '=', userId).execute();
}

/** Ends every session of the user; answers how many ended. */
export async function endUserSessions(db: Database, userId: number): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Disables the user (no login, every session ended) or enables them again; pass a
 * transaction so the flag and the sessions change together.
 */
export async function setUserDisabled(
  trx: Database,
  userId: number,
  disabled: boolean,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
  if (disabled) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

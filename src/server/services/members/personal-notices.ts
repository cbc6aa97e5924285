/**
 * Personal messages sent by jobs (issue 15): a notice for one member in
 * 我的消息, at most once per key. The key is claimed in message_log in the
 * notice's own transaction, so a retried or duplicated job sends none twice.
 */
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { insertPersonalNotice, type PersonalNoticeRow } from '../site/index.ts';

/** Claims a message; true when this caller is the one to send it. */
export async function claimMessage(
  db: Database,
  key: string,
  userId: number,
  channel: 'inbox' | 'sms',
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('message_log')
    .values({ key, user_id: userId, channel, created_at: iso(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back (the message could not be sent), so a retry sends it. */
export async function releaseMessage(db: Database, key: string): Promise<void> {
  await db.deleteFrom('message_log').where('key', '=', key).execute();
}

export interface PersonalNotice extends PersonalNoticeRow {
  /** Once per key, ever (e.g. 'live:3:17:inbox'). */
  key: string;
}

/** Puts a notice in one member's inbox unless it was sent before; true when sent now. */
export async function sendPersonalNotice(
  db: Database,
  notice: PersonalNotice,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await claimMessage(tx, notice.key, notice.userId, 'inbox', now))) return false;
    await insertPersonalNotice(tx, notice, now);
    return true;
  });
}

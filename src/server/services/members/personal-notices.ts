/**
 * Personal messages sent by jobs (issue 15): a notice for one member in
 * 我的消息, at most once per key. The key is claimed in message_log in the
 * notice's own transaction, so a retried or duplicated job sends none twice.
 */
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';

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

/** The notice category of a kind of personal message, by name, else the first one. */
async function noticeCategory(db: Database, name: string): Promise<number> {
  const rows = await db
    .selectFrom('notice_categories')
    .select(['id', 'name'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  const row = rows.find((r) => r.name === name) ?? rows[0];
  if (!row) throw new Error('no notice category exists');
  return row.id;
}

export interface PersonalNotice {
  /** Once per key, ever (e.g. 'live:3:17:inbox'). */
  key: string;
  userId: number;
  /** The category's name ('活动通知', '课程更新'); the first category when it is missing. */
  category: string;
  title: string;
  /** Trusted HTML built by the caller (text escaped); sanitised again when shown. */
  html: string;
}

/** Puts a notice in one member's inbox unless it was sent before; true when sent now. */
export async function sendPersonalNotice(
  db: Database,
  notice: PersonalNotice,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await claimMessage(tx, notice.key, notice.userId, 'inbox', now))) return false;
    await tx
      .insertInto('notices')
      .values({
        category_id: await noticeCategory(tx, notice.category),
        title: notice.title,
        content: notice.html,
        popup: 0,
        user_id: notice.userId,
        published_at: iso(now),
        created_at: iso(now),
      })
      .execute();
    return true;
  });
}

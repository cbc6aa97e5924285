/**
 * The notice row of a personal message (members send it, once per key: see
 * members/personal-notices.ts): a notice with one member as its reader.
 */
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';

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

export interface PersonalNoticeRow {
  userId: number;
  /** The category's name ('活动通知', '课程更新'); the first category when it is missing. */
  category: string;
  title: string;
  /** Trusted HTML built by the caller (text escaped); sanitised again when shown. */
  html: string;
}

/** Publishes a notice for one member now (inside the caller's transaction). */
export async function insertPersonalNotice(
  trx: Database,
  notice: PersonalNoticeRow,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('notices')
    .values({
      category_id: await noticeCategory(trx, notice.category),
      title: notice.title,
      content: notice.html,
      popup: 0,
      user_id: notice.userId,
      published_at: iso(now),
      created_at: iso(now),
    })
    .execute();
}

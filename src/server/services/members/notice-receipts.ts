/** A member's read state of notices. */
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';

/** Records that the member opened the notice (once; later opens keep the first time). */
export async function markNoticeRead(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  noticeId: number,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('notice_receipts')
    .values({
      notice_id: noticeId,
      user_id: userId,
      read_at: now,
      popup_shown_at: null,
      deleted_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['notice_id', 'user_id'])
        .doUpdateSet({ read_at: (eb) => eb.fn.coalesce('notice_receipts.read_at', eb.val(now)) }),
    )
    .execute();
}

/** Drops every member's receipt of a notice being deleted (inside the deleting transaction). */
export async function dropNoticeReceipts(trx: Database, noticeId: number): Promise<void> {
  await trx.deleteFrom('notice_receipts').where('notice_id', '=', noticeId).execute();
}

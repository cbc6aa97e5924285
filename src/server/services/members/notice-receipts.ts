/** A member's read state of notices. */
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';

/** What a receipt records of one member and one notice: when it was read, shown as a pop-up, hidden. */
export type ReceiptStamp = 'read_at' | 'popup_shown_at' | 'deleted_at';

/**
 * Stamps the first time the member did this to the notice; later times keep the first. One atomic
 * upsert of the member's receipt, so two tabs or parallel calls record it once.
 */
export async function stampReceipt(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  noticeId: number,
  stamp: ReceiptStamp,
): Promise<void> {
  const now = iso(deps.clock.now());
  const blank = { read_at: null, popup_shown_at: null, deleted_at: null };
  await deps.db
    .insertInto('notice_receipts')
    .values({ notice_id: noticeId, user_id: userId, ...blank, [stamp]: now })
    .onConflict((oc) =>
      oc.columns(['notice_id', 'user_id']).doUpdateSet((eb) => ({
        [stamp]: eb.fn.coalesce(eb.ref(`notice_receipts.${stamp}`), eb.val(now)),
      })),
    )
    .execute();
}

/** Records that the member opened the notice (once; later opens keep the first time). */
export function markNoticeRead(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  noticeId: number,
): Promise<void> {
  return stampReceipt(deps, userId, noticeId, 'read_at');
}

/** Drops every member's receipt of a notice being deleted (inside the deleting transaction). */
export async function dropNoticeReceipts(trx: Database, noticeId: number): Promise<void> {
  await trx.deleteFrom('notice_receipts').where('notice_id', '=', noticeId).execute();
}

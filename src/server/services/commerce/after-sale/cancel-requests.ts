/**
 * 申请取消 (issue 27): a member asks to cancel a paid kit before it ships, with
 * a reason; staff approve it (the payment is refunded through the provider's
 * refund path, refunds.ts) or refuse it with a reason. The request, the
 * decision and shipping are each one conditional update of the order row
 * (orders.cancel_state), so of a parallel approve, refuse and ship only one
 * wins, on SQLite and PostgreSQL alike. Every step is in the order's log and in
 * the member's 我的消息 (once per step, keyed in message_log).
 */
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { formatAmount } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { escapeHtml } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { logOrderEvent } from '../orders.ts';
import { refundOrder } from './refunds.ts';

const MSG = COMMERCE_MSG.cancelRequest;

/** null (none), requested (申请取消中), approved (refunded), refused. */
export type CancelState = 'requested' | 'approved' | 'refused' | null;

type OrderFacts = {
  id: number;
  order_no: string;
  user_id: number;
  title: string;
  amount_cents: number;
  status: number;
  address: string | null;
  express_number: string | null;
  cancel_state: string | null;
  cancel_reason: string | null;
};

const FACTS = [
  'id',
  'order_no',
  'user_id',
  'title',
  'amount_cents',
  'status',
  'address',
  'express_number',
  'cancel_state',
  'cancel_reason',
] as const;

/** Why an order cannot take a cancellation request (the first rule it breaks). */
function refusal(o: OrderFacts): string {
  if (o.address === null) return MSG.notKit;
  if (o.status === ORDER_STATUS.unpaid) return MSG.unpaid;
  if (o.status !== ORDER_STATUS.paidGoods) return MSG.notPaid;
  if (o.express_number !== null) return MSG.shipped;
  return MSG.already;
}

/** Tells the member in 我的消息 (once per order and step), inside the caller's transaction. */
async function tell(
  db: Database,
  o: OrderFacts,
  step: 'requested' | 'approved' | 'refused',
  params: Record<string, string>,
  now: Date,
): Promise<void> {
  if (!(await claimMessage(db, `order-cancel:${o.id}:${step}`, o.user_id, 'inbox', now))) return;
  const vars = { title: o.title, orderNo: o.order_no, ...params };
  await insertPersonalNotice(
    db,
    {
      userId: o.user_id,
      category: MSG.category,
      title: fmt(MSG[`${step}Title`], vars),
      html: `<p>${escapeHtml(fmt(MSG[`${step}Body`], vars))}</p>`,
    },
    now,
  );
}

/** The member's request to cancel a paid kit not yet shipped. */
export async function requestCancel(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  input: { orderNo: string; reason: string },
): Promise<{ orderNo: string; cancelState: CancelState }> {
  const reason = input.reason.trim();
  if (!reason) throw AppError.badRequest(MSG.reasonRequired);
  if (reason.length > 200) throw AppError.badRequest(MSG.reasonTooLong);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const o = await trx
      .selectFrom('orders')
      .select(FACTS)
      .where('order_no', '=', input.orderNo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!o) throw AppError.notFound(COMMERCE_MSG.orderMissing);
    const r = await trx
      .updateTable('orders')
      .set({
        cancel_state: 'requested',
        cancel_reason: reason,
        cancel_requested_at: iso(now),
      })
      .where('id', '=', o.id)
      .where('status', '=', ORDER_STATUS.paidGoods)
      .where('address', 'is not', null)
      .where('express_number', 'is', null)
      .where('cancel_state', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      // Refused for the order as it is now: a shipment that won the race committed after the
      // first read (PostgreSQL re-checks the update against it), so read the facts again.
      const current = await trx
        .selectFrom('orders')
        .select(FACTS)
        .where('id', '=', o.id)
        .executeTakeFirst();
      throw AppError.badRequest(refusal(current ?? o));
    }
    await logOrderEvent(trx, o.id, 'cancel_requested', `member:${userId}`, now, { reason });
    await tell(trx, o, 'requested', { reason }, now);
    return { orderNo: o.order_no, cancelState: 'requested' as const };
  });
}

async function pendingOrder(deps: Pick<Deps, 'db'>, orderNo: string): Promise<OrderFacts> {
  const o = await deps.db
    .selectFrom('orders')
    .select(FACTS)
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  if (!o) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  return o;
}

/**
 * Staff approve a request: claimed from 'requested' by one conditional update
 * (a parallel approve, refuse or ship finds it taken), then refunded through
 * the payment platform; a refund the platform refuses gives the claim back, so
 * the request can be decided again.
 */
export async function approveCancel(
  deps: Pick<Deps, 'db' | 'clock' | 'logger' | 'providers'>,
  adminId: number,
  input: { orderNo: string },
) {
  const o = await pendingOrder(deps, input.orderNo);
  const now = deps.clock.now();
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ cancel_state: 'approved', cancel_decided_at: iso(now) })
      .where('id', '=', o.id)
      .where('cancel_state', '=', 'requested')
      .where('status', '=', ORDER_STATUS.paidGoods)
      .where('express_number', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await logOrderEvent(trx, o.id, 'cancel_approved', `admin:${adminId}`, now);
    return true;
  });
  if (!claimed) throw AppError.badRequest(MSG.decided);
  try {
    const refund = await refundOrder(deps, adminId, {
      orderNo: o.order_no,
      reason: fmt(MSG.refundReason, { reason: o.cancel_reason ?? '' }).slice(0, 80),
    });
    await deps.db
      .transaction()
      .execute((trx) =>
        tell(trx, o, 'approved', { amount: formatAmount(o.amount_cents) }, deps.clock.now()),
      );
    return { ...refund, cancelState: 'approved' as const };
  } catch (err) {
    await deps.db
      .updateTable('orders')
      .set({ cancel_state: 'requested', cancel_decided_at: null })
      .where('id', '=', o.id)
      .where('cancel_state', '=', 'approved')
      .where('status', '=', ORDER_STATUS.paidGoods)
      .execute();
    throw err;
  }
}

/** Staff refuse a request with a reason the member reads; the kit ships as usual. */
export async function refuseCancel(
  deps: Pick<Deps, 'db' | 'clock'>,
  adminId: number,
  input: { orderNo: string; reason: string },
) {
  const reason = input.reason.trim();
  if (!reason) throw AppError.badRequest(MSG.refusalRequired);
  if (reason.length > 200) throw AppError.badRequest(MSG.reasonTooLong);
  const o = await pendingOrder(deps, input.orderNo);
  const now = deps.clock.now();
  const refused = await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ cancel_state: 'refused', cancel_refusal: reason, cancel_decided_at: iso(now) })
      .where('id', '=', o.id)
      .where('cancel_state', '=', 'requested')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await logOrderEvent(trx, o.id, 'cancel_refused', `admin:${adminId}`, now, { reason });
    await tell(trx, o, 'refused', { reason }, now);
    return true;
  });
  if (!refused) throw AppError.badRequest(MSG.decided);
  return { orderNo: o.order_no, cancelState: 'refused' as const };
}

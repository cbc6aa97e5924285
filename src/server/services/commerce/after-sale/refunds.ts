/**
 * Refunds (issue 11, admin): one refund row per request, keyed by its
 * out_refund_no, sent to the platform the order was paid through. A refund
 * the platform accepts closes the order as 已退款, marks the payment
 * refunded and revokes the entitlement (or a VIP card's days), in one transaction; the order's
 * status decides, so two admins clicking at once refund once.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import type { PayMethod } from '../../../providers/payment/types.ts';
import { revokeEntitlement } from '../entitlements.ts';
import { revokeVipDays } from '../vip/vip-orders.ts';
import { logOrderEvent } from '../orders.ts';
import { COMMERCE_MSG } from '../messages.ts';

export async function refundOrder(
  deps: Pick<Deps, 'db' | 'clock' | 'logger' | 'providers'>,
  /** Staff (their id), or 'system' (a group that closed short, issue 27). */
  by: number | 'system',
  input: { orderNo: string; reason: string },
) {
  const actor = typeof by === 'number' ? `admin:${by}` : by;
  const reason = input.reason.trim();
  if (!reason) throw AppError.badRequest(COMMERCE_MSG.refund.reason);
  const now = deps.clock.now();
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'amount_cents', 'user_id', 'vip_days'])
    .where('order_no', '=', input.orderNo)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  if (order.status !== ORDER_STATUS.paid && order.status !== ORDER_STATUS.paidGoods)
    throw AppError.badRequest(COMMERCE_MSG.refund.notPaid);
  const payment = await deps.db
    .selectFrom('pay_records')
    .select(['id', 'provider', 'out_trade_no', 'amount_cents'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'success')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const provider = payment && deps.providers.pay.methods[payment.provider as PayMethod];
  if (!payment?.out_trade_no || !provider) throw AppError.badRequest(COMMERCE_MSG.refund.noPayment);
  const outRefundNo = `R${order.order_no.slice(3)}${randomBytes(2).toString('hex').toUpperCase()}`;
  // Claim: one refund in progress or done per order, decided by a partial unique index (0015).
  const claimed = await deps.db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('refunds')
        .values({
          order_id: order.id,
          pay_record_id: payment.id,
          out_refund_no: outRefundNo,
          amount_cents: payment.amount_cents,
          status: 'processing',
          refund_id: null,
          reason,
          actor: actor,
          created_at: iso(now),
          done_at: null,
        })
        .execute();
      await logOrderEvent(trx, order.id, 'refund_requested', actor, now, {
        outRefundNo,
        reason,
      });
      return true;
    })
    .catch(async (err: unknown) => {
      const open = await deps.db
        .selectFrom('refunds')
        .select('id')
        .where('order_id', '=', order.id)
        .where('status', 'in', ['processing', 'success'])
        .executeTakeFirst();
      if (open) return false;
      throw err;
    });
  if (!claimed) throw AppError.badRequest(COMMERCE_MSG.refund.inProgress);
  let result;
  try {
    result = await provider.refund({
      outTradeNo: payment.out_trade_no,
      outRefundNo,
      refundFen: payment.amount_cents,
      totalFen: payment.amount_cents,
      reason,
    });
  } catch (err) {
    deps.logger.warn('refund failed', { outRefundNo, error: String(err) });
    await deps.db
      .updateTable('refunds')
      .set({ status: 'failed', done_at: iso(deps.clock.now()) })
      .where('out_refund_no', '=', outRefundNo)
      .execute();
    throw AppError.badRequest(COMMERCE_MSG.refund.failed);
  }
  const done = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('refunds')
      .set({
        status: result.state === 'failed' ? 'failed' : result.state,
        refund_id: result.refundId,
        done_at: result.state === 'processing' ? null : iso(done),
      })
      .where('out_refund_no', '=', outRefundNo)
      .execute();
    if (result.state === 'failed') return;
    await trx
      .updateTable('orders')
      .set({ status: ORDER_STATUS.refunded, closed_at: iso(done) })
      .where('id', '=', order.id)
      .execute();
    await trx
      .updateTable('pay_records')
      .set({ status: 'refunded' })
      .where('id', '=', payment.id)
      .execute();
    await revokeEntitlement(trx, order.id, done);
    // A refunded VIP card takes its days back (issue 27).
    await revokeVipDays(trx, order, done);
    await logOrderEvent(trx, order.id, 'refunded', actor, done, {
      outRefundNo,
      refundId: result.refundId,
      amountFen: payment.amount_cents,
    });
  });
  if (result.state === 'failed') throw AppError.badRequest(COMMERCE_MSG.refund.failed);
  return { orderNo: order.order_no, outRefundNo, state: result.state };
}

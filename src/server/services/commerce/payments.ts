/**
 * Payments (issue 11; spec 1: payment is complete only when the platform
 * confirms it). Each pay click is one attempt (a pay_records row keyed by
 * its out_trade_no). An order becomes paid only by a verified notification
 * or a query that confirms it, with merchant, amount and out_trade_no
 * matching our row; the browser's return unlocks nothing. Fulfilment runs
 * in one transaction whose first statement moves the attempt from pending
 * to success, so duplicate and concurrent notifications fulfil once.
 * Every notification received is recorded with what became of it.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '../../../shared/commerce.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  PaymentVerificationError,
  type IncomingNotification,
  type NotificationAck,
  type PayChannel,
  type PaymentStart,
  type PayMethod,
  type PlatformTrade,
} from '../../providers/payment/types.ts';
import { consumeLimits } from '../lib/index.ts';
import { grantEntitlement } from './entitlements.ts';
import { closeExpiredOrders, logOrderEvent, memberOrder } from './orders.ts';
import { extendVip } from './vip/vip-orders.ts';
import { groupPaid } from './groups/groups.ts';
import { COMMERCE_MSG } from './messages.ts';
import { rewardInviteOnPurchase } from './codes/invite-rewards.ts';
import { retakeCoupon } from './coupons/order-coupons.ts';
import { fmt, MSG } from '../../../shared/messages.ts';

type D = Pick<Deps, 'db' | 'clock' | 'logger' | 'providers' | 'config'>;

export interface PaymentOptions {
  method: PayMethod;
  channel: PayChannel;
  clientIp: string;
  /** Where the member's browser comes back to (unlocks nothing). */
  returnUrl: string;
}

/** The provider for a method, or the "not offered" error. */
function providerFor(deps: Pick<Deps, 'providers'>, method: PayMethod) {
  const p = deps.providers.pay.methods[method];
  if (!p) throw AppError.badRequest(COMMERCE_MSG.methodUnavailable);
  return p;
}

/** The methods and channels this site offers, for the checkout. */
export function payMethods(deps: Pick<Deps, 'providers'>) {
  return Object.values(deps.providers.pay.methods).map((p) => ({
    method: p.method,
    channels: [...p.channels],
    development: p.development,
  }));
}

/** An attempt key: the order number and 4 random characters (≤ 32, [0-9A-Z]). */
function outTradeNo(orderNo: string): string {
  return `${orderNo}${randomBytes(3).toString('hex').toUpperCase().slice(0, 4)}`;
}

/** Starts paying an unpaid order: a new attempt at the platform, answered as a QR or a redirect. */
export async function startPayment(
  deps: D,
  userId: number,
  orderNo: string,
  opts: PaymentOptions,
): Promise<{ outTradeNo: string; start: PaymentStart; amountCents: number }> {
  const provider = providerFor(deps, opts.method);
  if (!provider.channels.includes(opts.channel))
    throw AppError.badRequest(COMMERCE_MSG.methodUnavailable);
  await consumeLimits(deps, [
    {
      bucket: `pay:user:${userId}`,
      windowMs: 600_000,
      max: 30,
      message: () => MSG.tooManyRequests,
    },
  ]);
  await closeExpiredOrders(deps, userId);
  const order = await memberOrder(deps, userId, orderNo);
  if (
    order.status === ORDER_STATUS.closed &&
    order.expires_at &&
    order.expires_at < iso(deps.clock.now())
  )
    throw AppError.badRequest(COMMERCE_MSG.expired);
  if (order.status !== ORDER_STATUS.unpaid) throw AppError.badRequest(COMMERCE_MSG.notPayable);
  const now = deps.clock.now();
  const key = outTradeNo(order.order_no);
  await deps.db
    .insertInto('pay_records')
    .values({
      order_id: order.id,
      user_id: userId,
      provider: provider.method,
      channel: opts.channel,
      out_trade_no: key,
      transaction_id: null,
      amount_cents: order.amount_cents,
      status: 'pending',
      created_at: iso(now),
    })
    .execute();
  try {
    const start = await provider.createPayment({
      outTradeNo: key,
      amountFen: order.amount_cents,
      description: fmt(COMMERCE_MSG.payDescription, { title: order.title }),
      channel: opts.channel,
      notifyUrl: `${deps.providers.pay.notifyBase}/api/pay/notify/${provider.method}`,
      returnUrl: opts.returnUrl,
      clientIp: opts.clientIp,
      expiresAt: new Date(order.expires_at ?? now.getTime() + 30 * 60_000),
    });
    await logOrderEvent(deps.db, order.id, 'payment_started', `member:${userId}`, now, {
      outTradeNo: key,
      method: provider.method,
      channel: opts.channel,
    });
    return { outTradeNo: key, start, amountCents: order.amount_cents };
  } catch (err) {
    await deps.db
      .updateTable('pay_records')
      .set({ status: 'failed' })
      .where('out_trade_no', '=', key)
      .execute();
    deps.logger.warn('payment start failed', { outTradeNo: key, error: String(err) });
    throw AppError.badRequest(COMMERCE_MSG.payStartFailed);
  }
}

export type FulfilOutcome = 'paid' | 'duplicate' | 'pending' | 'rejected';

/**
 * Applies a verified platform trade to our rows. Refuses (and logs) a
 * trade whose attempt we do not know, whose merchant or amount differ;
 * fulfils a paid one exactly once.
 */
export async function applyTrade(
  deps: Pick<Deps, 'db' | 'clock' | 'providers' | 'config'> & Partial<Pick<Deps, 'jobs'>>,
  trade: PlatformTrade,
  actor: string,
): Promise<{ outcome: FulfilOutcome; reason: string }> {
  const provider = providerFor(deps, trade.method);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('pay_records')
      .select(['id', 'order_id', 'amount_cents', 'status', 'provider'])
      .where('out_trade_no', '=', trade.outTradeNo)
      .executeTakeFirst();
    if (!attempt || attempt.provider !== trade.method)
      return { outcome: 'rejected' as const, reason: COMMERCE_MSG.notify.unknownTrade };
    if (trade.merchantId !== provider.merchantId) {
      await logOrderEvent(trx, attempt.order_id, 'payment_rejected', actor, now, {
        outTradeNo: trade.outTradeNo,
        reason: 'merchant',
      });
      return { outcome: 'rejected' as const, reason: COMMERCE_MSG.notify.merchantMismatch };
    }
    if (trade.amountFen !== attempt.amount_cents) {
      await logOrderEvent(trx, attempt.order_id, 'payment_rejected', actor, now, {
        outTradeNo: trade.outTradeNo,
        reason: 'amount',
        platformFen: trade.amountFen,
        expectedFen: attempt.amount_cents,
      });
      return { outcome: 'rejected' as const, reason: COMMERCE_MSG.notify.amountMismatch };
    }
    if (trade.state !== 'paid') return { outcome: 'pending' as const, reason: trade.state };
    // The decision: only one caller moves this attempt out of pending (or closed: paid after closing).
    const moved = await trx
      .updateTable('pay_records')
      .set({ status: 'success', transaction_id: trade.transactionId, paid_at: iso(now) })
      .where('id', '=', attempt.id)
      .where('status', 'in', ['pending', 'closed', 'failed'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      return { outcome: 'duplicate' as const, reason: COMMERCE_MSG.notify.handled };
    const order = await trx
      .selectFrom('orders as o')
      .leftJoin('courses as c', 'c.id', 'o.course_id')
      .select([
        'o.id',
        'o.user_id',
        'o.course_id',
        'o.title',
        'o.vip_days',
        'o.group_id',
        'o.status',
        'o.address',
        'o.member_coupon_id',
        'c.access_days',
      ])
      .where('o.id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    const paidStatus = order.address !== null ? ORDER_STATUS.paidGoods : ORDER_STATUS.paid;
    const opened = await trx
      .updateTable('orders')
      .set({ status: paidStatus, paid_at: iso(now), closed_at: null })
      .where('id', '=', order.id)
      .where('status', 'in', [ORDER_STATUS.unpaid, ORDER_STATUS.closed])
      .executeTakeFirst();
    if (Number(opened.numUpdatedRows) !== 1) {
      // Paid twice (two attempts of one order): the money is ours to give back.
      await logOrderEvent(trx, order.id, 'paid_twice', actor, now, {
        outTradeNo: trade.outTradeNo,
        transactionId: trade.transactionId,
        needsRefund: true,
      });
      return { outcome: 'duplicate' as const, reason: COMMERCE_MSG.notify.paidTwice };
    }
    // Paid after closing, the order's coupon (given back when it closed) is taken again.
    if (order.status === ORDER_STATUS.closed) {
      const coupon = await retakeCoupon(trx, order);
      if (coupon !== 'none') await logOrderEvent(trx, order.id, `coupon_${coupon}`, actor, now);
    }
    // A course opens; a VIP card extends the member's VIP (issue 27).
    // A group's seat (拼团) waits for the group to fill, which opens the course for all.
    if (order.group_id !== null)
      await groupPaid(deps, trx, { ...order, group_id: order.group_id }, order.access_days, now);
    else if (order.course_id !== null)
      await grantEntitlement(trx, { ...order, course_id: order.course_id }, order.access_days, now);
    else await extendVip(deps, trx, order, now);
    // Invite rewards given at the invited member's first purchase, when the operator says so.
    await rewardInviteOnPurchase(deps, trx, order.user_id, now);
    await logOrderEvent(trx, order.id, 'paid', actor, now, {
      outTradeNo: trade.outTradeNo,
      transactionId: trade.transactionId,
      amountFen: trade.amountFen,
    });
    return { outcome: 'paid' as const, reason: COMMERCE_MSG.notify.paid };
  });
}

/** The notify endpoint's work: verify, apply, record, and answer the platform. */
export async function acceptNotification(
  deps: D,
  method: PayMethod,
  req: IncomingNotification,
  ip: string,
): Promise<NotificationAck> {
  const provider = deps.providers.pay.methods[method];
  const record = (outTradeNo: string | null, outcome: string, reason: string) =>
    deps.db
      .insertInto('payment_notifications')
      .values({
        method,
        out_trade_no: outTradeNo,
        outcome,
        reason: reason.slice(0, 200),
        ip,
        created_at: iso(deps.clock.now()),
      })
      .execute();
  if (!provider) {
    await record(null, 'rejected', 'method not offered');
    return {
      status: 404,
      contentType: 'application/json',
      body: '{"code":"FAIL","message":"失败"}',
    };
  }
  let trade: PlatformTrade;
  try {
    trade = await provider.verifyNotification(req);
  } catch (err) {
    const reason =
      err instanceof PaymentVerificationError ? err.message : `invalid: ${String(err)}`;
    await record(null, 'rejected', reason);
    deps.logger.warn('payment notification rejected', { method, ip, reason });
    return provider.ack(false);
  }
  const { outcome, reason } = await applyTrade(deps, trade, `platform:${method}`);
  await record(trade.outTradeNo, outcome, reason);
  if (outcome === 'rejected')
    deps.logger.warn('payment notification refused', {
      method,
      ip,
      outTradeNo: trade.outTradeNo,
      reason,
    });
  // A refused trade is acknowledged as failed; everything else as taken (no more retries).
  return provider.ack(outcome !== 'rejected');
}

/**
 * Asks the platform about the order's pending attempts (the pay page polls
 * this): a confirmed payment is applied exactly as a notification would be.
 */
export async function refreshOrderPayment(deps: D, userId: number, orderNo: string) {
  const order = await memberOrder(deps, userId, orderNo);
  if (order.status === ORDER_STATUS.unpaid) {
    const attempts = await deps.db
      .selectFrom('pay_records')
      .select(['out_trade_no', 'provider'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    for (const a of attempts) {
      const provider = deps.providers.pay.methods[a.provider as PayMethod];
      if (!provider || !a.out_trade_no) continue;
      try {
        const trade = await provider.query(a.out_trade_no);
        if (trade) await applyTrade(deps, trade, `query:${provider.method}`);
      } catch (err) {
        deps.logger.warn('payment query failed', {
          outTradeNo: a.out_trade_no,
          error: String(err),
        });
      }
    }
  }
  await closeExpiredOrders(deps, userId);
  const fresh = await memberOrder(deps, userId, orderNo);
  return { orderNo: fresh.order_no, status: fresh.status, courseId: fresh.course_id };
}

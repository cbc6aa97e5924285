/**
 * A coupon on an order (issue 27): taken by one conditional UPDATE inside the
 * transaction creating the order (of any number of parallel checkouts naming it,
 * one finds it free), given back when that order closes unpaid (cancelled or
 * expired), kept when it is paid, and kept after a refund. These run on the
 * caller's transaction; the order's event log is written by the caller.
 */
import type { Transaction } from 'kysely';
import { iso } from '../../../clock.ts';
import type { DB } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';

type Db = Transaction<DB> | Deps['db'];

/** Puts the member's coupon on an order if it is still free and unexpired; answers whether it did. */
export async function takeCoupon(
  db: Db,
  memberCouponId: number,
  userId: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('member_coupons')
    .set({ order_id: orderId })
    .where('id', '=', memberCouponId)
    .where('user_id', '=', userId)
    .where('order_id', 'is', null)
    .where('starts_at', '<=', iso(now))
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Frees the coupon an order closing unpaid carried; answers whether there was one. */
export async function releaseCoupon(db: Db, orderId: number): Promise<boolean> {
  const r = await db
    .updateTable('member_coupons')
    .set({ order_id: null })
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * A closed order paid late (the platform's payment arrived after it closed) takes its
 * coupon back when nothing else took it meanwhile: 'retaken'; when another order uses
 * it now, the member still paid what this order said, so the order is honoured:
 * 'reused' (the order's log says so). 'none': the order had no coupon.
 */
export async function retakeCoupon(
  db: Db,
  order: { id: number; member_coupon_id: number | null },
): Promise<'none' | 'retaken' | 'reused'> {
  if (order.member_coupon_id === null) return 'none';
  const r = await db
    .updateTable('member_coupons')
    .set({ order_id: order.id })
    .where('id', '=', order.member_coupon_id)
    .where((eb) => eb.or([eb('order_id', 'is', null), eb('order_id', '=', order.id)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? 'retaken' : 'reused';
}

/** The order statuses in which the order has used its coupon: paid, paid goods, refunded. */
export const ORDER_USED_STATUSES = [1, 2, 4];

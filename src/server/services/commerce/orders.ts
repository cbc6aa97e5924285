/**
 * Orders for paid courses (issue 11): created at checkout with the accepted
 * purchase terms, at most one unpaid order per member and course (a partial
 * unique index makes creation idempotent under concurrency), closed when
 * cancelled or 30 minutes unpaid, and every change written to the
 * append-only order_events log in the same transaction. Issue 27: a coupon
 * chosen at checkout is priced by priceOrder and taken by the order in the
 * transaction creating it; closing the order unpaid gives it back.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  ORDER_STATUS,
  ORDER_TTL_MINUTES,
  PURCHASE_TERMS_VERSION,
} from '../../../shared/commerce.ts';
import { ORDER_COURSE_TYPE } from '../../../shared/constants.ts';
import { iso } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ownsCourse } from './entitlements.ts';
import { vipOpensCourse } from './vip/vip.ts';
import { VIP_MSG } from '../../../shared/vip.ts';
import { enqueueJob, type JobOutcome } from '../jobs/index.ts';
import { COMMERCE_MSG } from './messages.ts';
import { couponForOrder } from './coupons/checkout-coupons.ts';
import { releaseCoupon, takeCoupon } from './coupons/order-coupons.ts';
import { basePrice, priceOrder, type CouponTerms } from './coupons/pricing.ts';
import { memberOffers } from './offers/offers.ts';
import { releaseGroupSeat } from './groups/groups.ts';
import { isUniqueViolation } from '../lib/index.ts';

type D = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'jobs'>>;

export interface ShippingAddress {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

export interface CheckoutInput {
  courseId: number;
  termsVersion: string;
  address?: ShippingAddress | null;
  /** The member coupon chosen (issue 27); none: null or absent. */
  couponId?: number | null;
}

/** What checkout, the order list and the pay page show of one order. */
export interface OrderView {
  orderNo: string;
  /** The course bought; null for a VIP card (vipPlanId, vipDays). */
  courseId: number | null;
  vipPlanId: number | null;
  vipDays: number | null;
  /** The group (拼团) whose seat the order pays; null: none. */
  groupId: number | null;
  title: string;
  /** What the order charges (after any discount). */
  amountCents: number;
  /** The price before the discount, and the discount (0 without a coupon). */
  listPriceCents: number;
  discountCents: number;
  /** The member coupon the order carries. */
  couponId: number | null;
  /** The offer it was priced with ('limited' 限时特惠, 'first_order' 新人首单价), or null. */
  offerKind: string | null;
  status: number;
  kit: boolean;
  createdAt: string;
  expiresAt: string | null;
  paidAt: string | null;
}

/** An order number: XXT + yyyymmdd (China date) + 10 random digits, e.g. XXT202611240123456789 */
export function newOrderNo(now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const digits = BigInt(`0x${randomBytes(8).toString('hex')}`) % 10_000_000_000n;
  return `XXT${day}${digits.toString().padStart(10, '0')}`;
}

/** Appends to an order's log (inside the caller's transaction). */
export async function logOrderEvent(
  db: Transaction<DB> | Deps['db'],
  orderId: number,
  type: string,
  actor: string,
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      type,
      actor,
      detail: JSON.stringify(detail),
      created_at: iso(now),
    })
    .execute();
}

export function view(o: {
  order_no: string;
  course_id: number | null;
  vip_plan_id: number | null;
  vip_days: number | null;
  group_id: number | null;
  title: string;
  amount_cents: number;
  status: number;
  created_at: string;
  expires_at: string | null;
  paid_at: string | null;
  address: string | null;
  list_price_cents: number | null;
  discount_cents: number | null;
  member_coupon_id: number | null;
  offer_kind: string | null;
}): OrderView {
  return {
    orderNo: o.order_no,
    courseId: o.course_id,
    vipPlanId: o.vip_plan_id,
    vipDays: o.vip_days,
    groupId: o.group_id,
    title: o.title,
    amountCents: o.amount_cents,
    listPriceCents: o.list_price_cents ?? o.amount_cents,
    discountCents: o.discount_cents ?? 0,
    couponId: o.member_coupon_id,
    offerKind: o.offer_kind,
    status: o.status,
    kit: o.address !== null,
    createdAt: o.created_at,
    expiresAt: o.expires_at,
    paidAt: o.paid_at,
  };
}

export const ORDER_COLUMNS = [
  'id',
  'order_no',
  'user_id',
  'course_id',
  'vip_plan_id',
  'vip_days',
  'group_id',
  'title',
  'amount_cents',
  'status',
  'created_at',
  'expires_at',
  'paid_at',
  'address',
  'list_price_cents',
  'discount_cents',
  'member_coupon_id',
  'offer_kind',
] as const;

/** Closes unpaid orders past their deadline (all, or one member's); answers how many. */
export async function closeExpiredOrders(
  deps: D,
  userId?: number,
  orderId?: number,
): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('orders')
      .select('id')
      .where('status', '=', ORDER_STATUS.unpaid)
      .where('expires_at', '<', iso(now));
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    if (orderId !== undefined) q = q.where('id', '=', orderId);
    const due = await q.execute();
    let closed = 0;
    for (const { id } of due) {
      const r = await trx
        .updateTable('orders')
        .set({ status: ORDER_STATUS.closed, closed_at: iso(now) })
        .where('id', '=', id)
        .where('status', '=', ORDER_STATUS.unpaid)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) {
        closed++;
        await logOrderEvent(trx, id, 'expired', 'system', now);
        await releaseGroupSeat(trx, id, now);
        if (await releaseCoupon(trx, id))
          await logOrderEvent(trx, id, 'coupon_returned', 'system', now);
      }
    }
    return closed;
  });
}

export const ORDER_EXPIRE = 'order.expire';

/**
 * The `order.expire` job: closes the order if it is still unpaid once its time
 * is up; a job that runs early (clocks apart) waits until then.
 */
export async function expireOrder(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const orderId = Number(payload.orderId);
  const row = await deps.db
    .selectFrom('orders')
    .select(['status', 'expires_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.status !== ORDER_STATUS.unpaid || !row.expires_at) return;
  const due = new Date(row.expires_at);
  if (due.getTime() >= deps.clock.now().getTime())
    return { postponeTo: new Date(due.getTime() + 1000) };
  await closeExpiredOrders(deps, undefined, orderId);
}

/** Queues an unpaid order's `order.expire` job in the transaction writing it (checkout, the seed). */
export async function scheduleOrderExpiry(
  jobs: Deps['jobs'] | undefined,
  db: Transaction<DB> | Deps['db'],
  orderId: number,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await enqueueJob(
    jobs,
    db,
    {
      kind: ORDER_EXPIRE,
      payload: { orderId },
      runAt: expiresAt,
      dedupeKey: `order-expire:${orderId}`,
    },
    now,
  );
}

function validAddress(a: ShippingAddress | null | undefined): a is ShippingAddress {
  return (
    !!a &&
    [a.name, a.province, a.city, a.district, a.detail].every((s) => s.trim().length > 0) &&
    /^1\d{10}$/.test(a.mobile)
  );
}

/**
 * The member's unpaid order for a course, created when there is none
 * (idempotent: a double click, two tabs or parallel requests give one order).
 */
export async function createOrder(
  deps: D,
  userId: number,
  input: CheckoutInput,
): Promise<OrderView> {
  if (input.termsVersion !== PURCHASE_TERMS_VERSION)
    throw AppError.badRequest(COMMERCE_MSG.termsOutdated);
  const course = await deps.db
    .selectFrom('courses')
    .select(['id', 'title', 'price_cents', 'type', 'published'])
    .where('id', '=', input.courseId)
    .executeTakeFirst();
  if (!course || !course.published) throw AppError.notFound(COMMERCE_MSG.courseMissing);
  if (course.price_cents <= 0) throw AppError.badRequest(COMMERCE_MSG.free);
  if (await ownsCourse(deps, userId, course.id)) throw AppError.badRequest(COMMERCE_MSG.owned);
  if (await vipOpensCourse(deps.db, userId, course.id, deps.clock.now()))
    throw AppError.badRequest(VIP_MSG.courseFree);
  const kit = course.type === ORDER_COURSE_TYPE;
  if (kit && !validAddress(input.address))
    throw AppError.badRequest(
      input.address ? COMMERCE_MSG.addressInvalid : COMMERCE_MSG.addressRequired,
    );
  await closeExpiredOrders(deps, userId);
  const now = deps.clock.now();
  const couponId = input.couponId ?? null;
  const existing = () =>
    deps.db
      .selectFrom('orders')
      .select(ORDER_COLUMNS)
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .where('status', '=', ORDER_STATUS.unpaid)
      .executeTakeFirst();
  // The open order of this checkout again (idempotent); another coupon is not swapped in.
  const again = (o: Parameters<typeof view>[0]) => {
    if (o.member_coupon_id !== couponId) throw AppError.badRequest(COMMERCE_MSG.coupon.openOrder);
    return view(o);
  };
  const open = await existing();
  if (open) return again(open);
  // The server's price: the offers open to this member now, then the coupon (pricing.ts).
  const offers = await memberOffers(deps, userId, course.id, now);
  const baseCents = basePrice({ listPriceCents: course.price_cents, offers });
  const coupon: CouponTerms | null =
    couponId === null ? null : await couponForOrder(deps, userId, couponId, course, now, baseCents);
  const price = priceOrder({ listPriceCents: course.price_cents, offers, coupon });
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(now),
          user_id: userId,
          course_id: course.id,
          title: course.title,
          amount_cents: price.amountCents,
          list_price_cents: price.listPriceCents,
          discount_cents: price.discountCents,
          member_coupon_id: couponId,
          offer_kind: price.offerKind,
          offer_price_cents: price.offerKind ? price.baseCents : null,
          status: ORDER_STATUS.unpaid,
          address: kit ? JSON.stringify(input.address) : null,
          terms_version: input.termsVersion,
          created_at: iso(now),
          expires_at: iso(new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000)),
        })
        .returning(ORDER_COLUMNS)
        .executeTakeFirstOrThrow();
      // The decision on the coupon: of parallel checkouts naming it, one finds it free.
      if (couponId !== null && !(await takeCoupon(trx, couponId, userId, row.id, now)))
        throw AppError.badRequest(COMMERCE_MSG.coupon.held);
      await logOrderEvent(trx, row.id, 'created', `member:${userId}`, now, {
        amountCents: row.amount_cents,
        termsVersion: input.termsVersion,
        ...((couponId !== null || price.offerKind) && {
          listPriceCents: price.listPriceCents,
          discountCents: price.discountCents,
        }),
        ...(couponId !== null && { memberCouponId: couponId }),
        ...(price.offerKind && { offerKind: price.offerKind, offerPriceCents: price.baseCents }),
      });
      // Closed by a job when its 30 minutes are up (reads close it lazily too).
      await scheduleOrderExpiry(deps.jobs, trx, row.id, new Date(row.expires_at ?? now), now);
      return view(row);
    });
  } catch (err) {
    // A parallel request created it first (the unique index on unpaid orders).
    const raced = await existing();
    if (raced) return again(raced);
    // A parallel checkout of another course took the first-order price (orders_first_order_once).
    if (price.offerKind === 'first_order' && isUniqueViolation(err))
      throw AppError.badRequest(COMMERCE_MSG.offer.firstOrderTaken);
    throw err;
  }
}

/** One of the member's orders, or the not-found error. */
export async function memberOrder(deps: Pick<Deps, 'db'>, userId: number, orderNo: string) {
  const row = await deps.db
    .selectFrom('orders')
    .select([...ORDER_COLUMNS, 'terms_version'])
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  return row;
}

export async function getMemberOrder(deps: D, userId: number, orderNo: string): Promise<OrderView> {
  await closeExpiredOrders(deps, userId);
  return view(await memberOrder(deps, userId, orderNo));
}

/** Cancels an unpaid order (the member's own); paid or closed ones are refused. */
export async function cancelOrder(deps: D, userId: number, orderNo: string): Promise<OrderView> {
  const order = await memberOrder(deps, userId, orderNo);
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ status: ORDER_STATUS.closed, closed_at: iso(now) })
      .where('id', '=', order.id)
      .where('status', '=', ORDER_STATUS.unpaid)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('pay_records')
      .set({ status: 'closed' })
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .execute();
    await logOrderEvent(trx, order.id, 'cancelled', `member:${userId}`, now);
    await releaseGroupSeat(trx, order.id, now);
    if (await releaseCoupon(trx, order.id))
      await logOrderEvent(trx, order.id, 'coupon_returned', `member:${userId}`, now);
    return true;
  });
  if (!cancelled) throw AppError.badRequest(COMMERCE_MSG.cannotCancel);
  return view({ ...order, status: ORDER_STATUS.closed });
}

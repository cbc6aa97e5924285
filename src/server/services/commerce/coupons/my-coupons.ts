/**
 * The member's own coupon lists (issue 27): 我的优惠券 by tab (可使用, 已使用, 已过期),
 * and the checkout's choice for a course: every coupon not used or expired, each
 * with the price it gives (computed by priceOrder, as the order will be) or the
 * reason it does not apply.
 */
import { sql } from 'kysely';
import type { CouponTab } from '../../../../shared/coupons.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import type { PageInput } from '../../lib/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { closeExpiredOrders } from '../orders.ts';
import { couponRefusal } from './checkout-coupons.ts';
import {
  HELD_COLUMNS,
  heldQuery,
  memberCoupon,
  openCoupons,
  termsOf,
  type MemberCoupon,
} from './member-coupons.ts';
import { ORDER_USED_STATUSES } from './order-coupons.ts';
import { basePrice, priceOrder, type Price } from './pricing.ts';
import { memberOffers } from '../offers/offers.ts';

function tabFilter(tab: CouponTab, now: Date) {
  return (q: ReturnType<typeof heldQuery>) => {
    if (tab === 'used') return q.where('o.status', 'in', ORDER_USED_STATUSES);
    const open = q.where((eb) =>
      eb.or([eb('o.id', 'is', null), eb('o.status', 'not in', ORDER_USED_STATUSES)]),
    );
    return tab === 'usable'
      ? open.where('mc.expires_at', '>', iso(now))
      : open.where('mc.expires_at', '<=', iso(now));
  };
}

/** 我的优惠券: one tab a page at a time, with every tab's count. */
export async function listMyCoupons(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  input: PageInput & { tab: CouponTab },
) {
  // An order past its time gives its coupon back before the lists are read.
  await closeExpiredOrders(deps, userId);
  const now = deps.clock.now();
  const mine = () => heldQuery(deps.db).where('mc.user_id', '=', userId);
  const count = async (tab: CouponTab) =>
    Number(
      (
        await tabFilter(
          tab,
          now,
        )(mine())
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const usableTab = input.tab === 'usable';
  const [rows, usable, used, expired] = await Promise.all([
    tabFilter(
      input.tab,
      now,
    )(mine())
      .select(HELD_COLUMNS)
      .orderBy(usableTab ? 'mc.expires_at' : 'mc.id', usableTab ? 'asc' : 'desc')
      .orderBy('mc.id', 'desc')
      .limit(input.size)
      .offset((input.page - 1) * input.size)
      .execute(),
    count('usable'),
    count('used'),
    count('expired'),
  ]);
  const counts = { usable, used, expired };
  return {
    list: rows.map((r) => memberCoupon(r, now)),
    count: counts[input.tab],
    page: input.page,
    size: input.size,
    counts,
  };
}

/** A coupon offered at checkout, with the price it gives or why it does not apply. */
export interface CheckoutCoupon extends MemberCoupon {
  usable: boolean;
  reason: string | null;
  price: Price;
}

/**
 * The checkout's coupon choice for a course: its price without a coupon, every open
 * coupon of the member (usable ones first, the largest discount first), and the best.
 */
export async function checkoutCoupons(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  courseId: number,
): Promise<{ price: Price; coupons: CheckoutCoupon[]; best: number | null }> {
  const course = await deps.db
    .selectFrom('courses')
    .select(['id', 'type', 'price_cents', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !course.published) throw AppError.notFound(COMMERCE_MSG.courseMissing);
  await closeExpiredOrders(deps, userId);
  const now = deps.clock.now();
  const listPriceCents = course.price_cents;
  const offers = await memberOffers(deps, userId, course.id, now);
  const baseCents = basePrice({ listPriceCents, offers });
  const coupons = (await openCoupons(deps.db, userId, now)).map((r): CheckoutCoupon => {
    const reason = couponRefusal(r, userId, course, now, baseCents);
    return {
      ...memberCoupon(r, now),
      usable: reason === null,
      reason,
      price: priceOrder({ listPriceCents, offers, coupon: reason === null ? termsOf(r) : null }),
    };
  });
  coupons.sort(
    (a, b) =>
      Number(b.usable) - Number(a.usable) ||
      b.price.discountCents - a.price.discountCents ||
      a.expiresAt.localeCompare(b.expiresAt),
  );
  const best = coupons.find((c) => c.usable && c.price.discountCents > 0)?.id ?? null;
  return { price: priceOrder({ listPriceCents, offers }), coupons, best };
}

/**
 * A coupon at checkout (issue 27): whether the member may use it on this course, and
 * the refusal in its own words when not (not theirs, used, on another unpaid order,
 * expired, not yet valid, out of scope, below the minimum spend). createOrder asks here
 * before it writes anything; the checkout's list asks the same for each coupon.
 */
import { formatAmount } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { heldCoupon, inScope, stateOf, termsOf, type HeldRow } from './member-coupons.ts';
import { meetsMinSpend, type CouponTerms } from './pricing.ts';

const MSG = COMMERCE_MSG.coupon;

/** What a coupon is checked against: the course bought. */
export interface CourseFacts {
  id: number;
  type: number;
  price_cents: number;
}

/**
 * Why this held coupon cannot be used by this member on this course now, or null.
 * A coupon held by the member's own unpaid order of the same course is usable (the
 * same checkout again).
 */
export function couponRefusal(
  r: HeldRow,
  userId: number,
  course: CourseFacts,
  now: Date,
  /** The price before the coupon (an offer's, else the list price). */
  baseCents: number = course.price_cents,
): string | null {
  if (r.user_id !== userId) return MSG.notMine;
  const state = stateOf(r, now);
  if (state === 'used') return MSG.used;
  if (state === 'held' && r.order_course_id !== course.id) return MSG.held;
  if (state === 'expired' || r.expires_at <= iso(now)) return MSG.expired;
  if (state === 'notStarted') return MSG.notStarted;
  if (!inScope(r, course)) return MSG.scope;
  const terms = termsOf(r);
  if (!meetsMinSpend(baseCents, terms))
    return fmt(MSG.minSpend, { min: formatAmount(terms.minSpendCents) });
  return null;
}

/** The terms of the coupon a checkout names, or its refusal as an AppError. */
export async function couponForOrder(
  deps: Pick<Deps, 'db'>,
  userId: number,
  memberCouponId: number,
  course: CourseFacts,
  now: Date,
  baseCents: number,
): Promise<CouponTerms> {
  const row = await heldCoupon(deps.db, memberCouponId);
  if (!row) throw AppError.badRequest(MSG.missing);
  const refusal = couponRefusal(row, userId, course, now, baseCents);
  if (refusal) throw AppError.badRequest(refusal);
  return termsOf(row);
}

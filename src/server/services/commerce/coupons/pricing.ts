/**
 * The one pricing decision of an order (issue 27): what a member pays for a course,
 * from its list price and the coupon chosen. Pure (no database, no clock), so the
 * checkout's preview, the order and the table-driven test all run the same code.
 * The steps, in order: the base price (the list price; offers and member prices join
 * here), then the coupon's discount on the base price. A coupon never brings the price
 * below MIN_CHARGE_CENTS (¥0.01): every order with a coupon is still paid through the
 * payment platform, so paying, refunds and the records stay one path (a zero-amount
 * order is only what a redemption code makes).
 */

/** The least a discounted order charges: ¥0.01. */
export const MIN_CHARGE_CENTS = 1;

/** What pricing needs of a coupon. */
export interface CouponTerms {
  /** 'amount' (满减) or 'percent' (折扣). */
  kind: string;
  amountCents: number;
  /** The share paid: 85 = 8.5 折. */
  ratePercent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
}

export interface PriceInput {
  listPriceCents: number;
  coupon?: CouponTerms | null;
}

export interface Price {
  listPriceCents: number;
  /** The price the coupon applies to (and its minimum spend is measured against). */
  baseCents: number;
  discountCents: number;
  /** What the order charges. */
  amountCents: number;
}

/** The price before any coupon. */
export function basePrice(input: Pick<PriceInput, 'listPriceCents'>): number {
  return input.listPriceCents;
}

/** Whether a price reaches a coupon's minimum spend (满 … 可用). */
export function meetsMinSpend(baseCents: number, coupon: CouponTerms): boolean {
  return baseCents >= coupon.minSpendCents;
}

/** A coupon's discount on a price, before the ¥0.01 floor: 满减 its amount, 折扣 the share off (whole fen, rounded down), capped. */
export function couponDiscount(baseCents: number, coupon: CouponTerms): number {
  if (coupon.kind === 'amount') return Math.max(0, coupon.amountCents);
  const off = Math.floor((baseCents * (100 - coupon.ratePercent)) / 100);
  const capped = coupon.maxDiscountCents ? Math.min(off, coupon.maxDiscountCents) : off;
  return Math.max(0, capped);
}

/**
 * priceOrder({ listPriceCents: 14900, coupon: 满 99 减 20 }) → { base 14900, discount 2000, amount 12900 };
 * a coupon below its minimum spend gives no discount (the checkout refuses it before).
 */
export function priceOrder(input: PriceInput): Price {
  const baseCents = basePrice(input);
  const coupon = input.coupon;
  let discountCents = 0;
  if (coupon && baseCents > MIN_CHARGE_CENTS && meetsMinSpend(baseCents, coupon))
    discountCents = Math.min(couponDiscount(baseCents, coupon), baseCents - MIN_CHARGE_CENTS);
  return {
    listPriceCents: input.listPriceCents,
    baseCents,
    discountCents,
    amountCents: baseCents - discountCents,
  };
}

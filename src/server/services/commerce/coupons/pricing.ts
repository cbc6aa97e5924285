/**
 * The one pricing decision of an order (issue 27): what a member pays for a course,
 * from its list price and the coupon chosen. Pure (no database, no clock), so the
 * checkout's preview, the order and the table-driven test all run the same code.
 * The steps, in order: the base price (the list price, or the lowest offer that applies:
 * 限时特惠, 新人首单价 or a VIP's 会员价, chosen by offers/offers.ts), then
 * the coupon's discount on the base price (its minimum spend is measured against it). A coupon never brings the price
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

/** An offer price that applies to this member now ('limited' 限时特惠, 'first_order' 新人首单价, 'vip' 会员价). */
export interface OfferTerms {
  kind: string;
  priceCents: number;
}

export interface PriceInput {
  listPriceCents: number;
  /** The offers that apply; the lowest below the list price sets the base. */
  offers?: readonly OfferTerms[];
  coupon?: CouponTerms | null;
}

export interface Price {
  listPriceCents: number;
  /** The offer that set the base price, or null (the list price). */
  offerKind: string | null;
  /** The price the coupon applies to (and its minimum spend is measured against). */
  baseCents: number;
  discountCents: number;
  /** What the order charges. */
  amountCents: number;
}

/** The offer that gives the lowest price below the list price (the first on a tie), or null. */
export function bestOffer(input: Pick<PriceInput, 'listPriceCents' | 'offers'>): OfferTerms | null {
  let best: OfferTerms | null = null;
  for (const o of input.offers ?? [])
    if (
      o.priceCents >= MIN_CHARGE_CENTS &&
      o.priceCents < input.listPriceCents &&
      (!best || o.priceCents < best.priceCents)
    )
      best = o;
  return best;
}

/** The price before any coupon: the best offer's, else the list price. */
export function basePrice(input: Pick<PriceInput, 'listPriceCents' | 'offers'>): number {
  return bestOffer(input)?.priceCents ?? input.listPriceCents;
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
 * with a 限时特惠 of 9900 as well → { offerKind 'limited', base 9900, discount 2000, amount 7900 };
 * a coupon below its minimum spend gives no discount (the checkout refuses it before).
 */
export function priceOrder(input: PriceInput): Price {
  const offer = bestOffer(input);
  const baseCents = offer?.priceCents ?? input.listPriceCents;
  const coupon = input.coupon;
  let discountCents = 0;
  if (coupon && baseCents > MIN_CHARGE_CENTS && meetsMinSpend(baseCents, coupon))
    discountCents = Math.min(couponDiscount(baseCents, coupon), baseCents - MIN_CHARGE_CENTS);
  return {
    listPriceCents: input.listPriceCents,
    offerKind: offer?.kind ?? null,
    baseCents,
    discountCents,
    amountCents: baseCents - discountCents,
  };
}

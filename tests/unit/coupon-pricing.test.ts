/**
 * The one pricing function (issue 27), by hand-computed examples: 满减 and 折扣, the
 * minimum spend, the cap, whole fen rounded down in the member's disfavour of at most
 * one fen, and the ¥0.01 floor; and the coupon's label as members read it.
 */
import { describe, expect, it } from 'vitest';
import { priceOrder, type CouponTerms } from '../../src/server/services/commerce/index.ts';
import { couponLabel } from '../../src/shared/coupons.ts';

const amount = (amountCents: number, minSpendCents = 0): CouponTerms => ({
  kind: 'amount',
  amountCents,
  ratePercent: 100,
  maxDiscountCents: null,
  minSpendCents,
});
const percent = (
  ratePercent: number,
  maxDiscountCents: number | null = null,
  minSpendCents = 0,
) => ({
  kind: 'percent',
  amountCents: 0,
  ratePercent,
  maxDiscountCents,
  minSpendCents,
});

describe('priceOrder', () => {
  it.each([
    ['no coupon', 14900, null, 0, 14900],
    ['满 99 减 20 on ¥149', 14900, amount(2000, 9900), 2000, 12900],
    ['满 99 减 20 on ¥99 (met exactly)', 9900, amount(2000, 9900), 2000, 7900],
    ['满 199 减 30 on ¥149 (not met)', 14900, amount(3000, 19900), 0, 14900],
    ['立减 100 on ¥49: ¥0.01 left', 4900, amount(10000), 4899, 1],
    ['8 折 on ¥149', 14900, percent(80), 2980, 11920],
    ['8.5 折 on ¥99.99: 14.9985 off → 14.99', 9999, percent(85), 1499, 8500],
    ['5 折 on ¥149, at most ¥30 off', 14900, percent(50, 3000), 3000, 11900],
    ['9 折 on ¥149, cap above', 14900, percent(90, 9000), 1490, 13410],
    ['1 折 on ¥0.01: nothing off', 1, percent(10), 0, 1],
  ] as const)('%s', (_name, list, coupon, discount, amountCents) => {
    expect(priceOrder({ listPriceCents: list, coupon })).toEqual({
      listPriceCents: list,
      offerKind: null,
      baseCents: list,
      discountCents: discount,
      amountCents,
    });
  });
});

/**
 * Every combination of 限时特惠, 新人首单价 and coupon on a ¥199 course, computed by hand: the
 * lowest offer below the list price sets the base, the coupon's minimum spend is measured
 * against the base, and its discount comes off the base.
 */
describe('priceOrder with offers', () => {
  const limited = { kind: 'limited', priceCents: 12900 };
  const first = { kind: 'first_order', priceCents: 9900 };
  const above = { kind: 'limited', priceCents: 19900 };
  it.each([
    ['list price only', [], null, null, 19900, 0, 19900],
    ['限时特惠', [limited], null, 'limited', 12900, 0, 12900],
    ['新人首单价', [first], null, 'first_order', 9900, 0, 9900],
    ['both: the lower (首单价)', [limited, first], null, 'first_order', 9900, 0, 9900],
    ['both, listed the other way', [first, limited], null, 'first_order', 9900, 0, 9900],
    ['an offer not below the list price is ignored', [above], null, null, 19900, 0, 19900],
    ['限时特惠 + 满 99 减 20', [limited], amount(2000, 9900), 'limited', 12900, 2000, 10900],
    [
      '首单价 + 满 99 减 20 (met exactly)',
      [first],
      amount(2000, 9900),
      'first_order',
      9900,
      2000,
      7900,
    ],
    [
      '限时特惠 + 满 199 减 30: the base is below the spend',
      [limited],
      amount(3000, 19900),
      'limited',
      12900,
      0,
      12900,
    ],
    ['no offer + 满 199 减 30', [], amount(3000, 19900), null, 19900, 3000, 16900],
    ['限时特惠 + 8 折 on the base', [limited], percent(80), 'limited', 12900, 2580, 10320],
    ['首单价 + 5 折 capped at 30', [first], percent(50, 3000), 'first_order', 9900, 3000, 6900],
    ['both + 立减 200: ¥0.01 left', [limited, first], amount(20000), 'first_order', 9900, 9899, 1],
  ] as const)('%s', (_name, offers, coupon, offerKind, base, discount, amountCents) => {
    expect(priceOrder({ listPriceCents: 19900, offers, coupon })).toEqual({
      listPriceCents: 19900,
      offerKind,
      baseCents: base,
      discountCents: discount,
      amountCents,
    });
  });
});

describe('couponLabel', () => {
  it.each([
    [amount(2000, 9900), '满 99 减 20'],
    [amount(550), '立减 5.50'],
    [percent(85), '8.5 折'],
    [percent(80, 5000), '8 折（最多减 50）'],
    [percent(90, null, 10000), '满 100 享 9 折'],
  ])('%j → %s', (terms, label) => {
    expect(couponLabel(terms)).toBe(label);
  });
});

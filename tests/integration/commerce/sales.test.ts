/**
 * The dashboard's sales (issue 27) on SQLite and PostgreSQL: on a day of its own, three new
 * members buy (a course with a coupon, a course at its 新人首单价, a kit that is then
 * refunded) through the fake WeChat Pay; /api/admin/dashboard for that day answers the
 * orders, revenue and refunds by product type, the coupon use and what the offer sold.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dashboard } from '../../../src/server/services/analytics/index.ts';
import type { SalesSummary } from '../../../src/server/services/commerce/index.ts';
import { call } from '../../support/accounts.ts';
import {
  checkout,
  claim,
  courseIdOf,
  fakeWechatPay,
  makeCoupon,
  newMembers,
  pay,
} from '../../support/commerce.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;

async function planId(name: string): Promise<number> {
  const row = await rt.db
    .selectFrom('vip_plans')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  rt = await createTestRuntime();
});

afterAll(async () => {
  await rt?.close();
});

it('sums a day’s sales by product type, coupon, offer and VIP', async () => {
  // A day after the demo's own orders: only this test's sales are on it.
  rt.clock.advance(40 * 86_400_000);
  const day = new Date(rt.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const admin = await rt.tokenFor(DEMO.admin);
  const { wxpay, stop } = await fakeWechatPay(rt);
  try {
    const [a, b, c, d] = await newMembers(rt, 4);
    const held = await claim(rt, a!.token, await makeCoupon(rt, admin, { amountCents: 1000 }));
    const buck = await checkout(rt, a!.token, await courseIdOf(rt, 'Buck'), held);
    expect(await pay(rt, wxpay, a!.token, buck.body.data.orderNo)).toBe(1);
    const lora = await checkout(rt, b!.token, await courseIdOf(rt, 'LoRa'), null);
    expect(lora.body.data).toMatchObject({ amountCents: 990, offerKind: 'first_order' });
    expect(await pay(rt, wxpay, b!.token, lora.body.data.orderNo)).toBe(1);
    const kit = await checkout(
      rt,
      c!.token,
      await courseIdOf(rt, 'STM32F103 开发板套件'),
      null,
      true,
    );
    expect(await pay(rt, wxpay, c!.token, kit.body.data.orderNo)).toBe(2);
    const card = await call<{ orderNo: string }>(rt, '/api/vip/order', {
      json: { planId: await planId('月卡'), termsVersion: PURCHASE_TERMS_VERSION },
      token: d!.token,
    });
    expect(await pay(rt, wxpay, d!.token, card.body.data.orderNo)).toBe(1);
    const refund = await call(rt, '/api/admin/order/refund', {
      json: { orderNo: kit.body.data.orderNo, reason: '测试退款' },
      token: admin,
    });
    expect(refund.body.message).toBe('退款成功');

    const res = await call<Dashboard & { sales: SalesSummary }>(
      rt,
      `/api/admin/dashboard?from=${day}&to=${day}`,
      { token: admin },
    );
    expect(res.body.data.sales).toEqual({
      byType: [
        { type: 'course', orders: 2, revenueCents: 13900 + 990, refundedCents: 0 },
        { type: 'kit', orders: 1, revenueCents: 19900, refundedCents: 19900 },
        { type: 'vip', orders: 1, revenueCents: 3000, refundedCents: 0 },
      ],
      coupons: { handedOut: 1, used: 1, discountCents: 1000 },
      offers: [{ kind: 'first_order', orders: 1, savedCents: 6900 - 990 }],
      // The new card holder; the demo's VIP (刘建国, 20 days) ended before this day.
      vip: { active: 1, endingSoon: 0, joined: 1 },
    });
    expect(res.body.data.orders.at(-1)).toBe(4);
  } finally {
    stop();
  }
});

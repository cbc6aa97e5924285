/**
 * Coupons (issue 27) on SQLite and PostgreSQL, through the API: 50 members racing for the
 * last 10 get exactly 10; one member racing for one copy gets one; one coupon named by
 * parallel checkouts is carried by one order; a cancelled or expired unpaid order gives
 * its coupon back, a paid one keeps it and a refund does not give it back; each bad
 * coupon is refused with its own message and nothing is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeWechatPay } from '../../../src/server/providers/payment/fake-wechatpay.ts';
import type {
  AdminOrderDetail,
  MyCouponPage,
  OrderItem,
} from '../../../src/server/services/commerce/index.ts';
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
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let wxpay: FakeWechatPay;
let stop = () => {};
let admin = '';
let buck = 0;
let opamp = 0;
let kit = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  ({ wxpay, stop } = await fakeWechatPay(rt));
  admin = await rt.tokenFor(DEMO.admin);
  buck = await courseIdOf(rt, 'Buck 变换器设计');
  opamp = await courseIdOf(rt, '运算放大器应用');
  kit = await courseIdOf(rt, 'STM32F103 开发板套件');
});

afterAll(async () => {
  stop();
  await rt?.close();
});

const mine = async (token: string, tab = 'usable') =>
  (await call<MyCouponPage>(rt, `/api/coupon/mine?tab=${tab}`, { token })).body.data;

const ordersOf = (userId: number) =>
  rt.db
    .selectFrom('orders')
    .select(['id', 'status', 'amount_cents', 'member_coupon_id'])
    .where('user_id', '=', userId)
    .execute();

describe('claiming', () => {
  it('50 members racing for the last 10 coupons: exactly 10 get one, 40 are told they are gone', async () => {
    const couponId = await makeCoupon(rt, admin, { name: '限量券', total: 10 });
    const members = await newMembers(rt, 50);
    const answers = await Promise.all(
      members.map((m) => call(rt, '/api/coupon/claim', { json: { couponId }, token: m.token })),
    );
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === '领取成功')).toHaveLength(10);
    expect(messages.filter((m) => m === '优惠券已领完')).toHaveLength(40);
    const held = await rt.db
      .selectFrom('member_coupons')
      .select('user_id')
      .where('coupon_id', '=', couponId)
      .execute();
    expect(held).toHaveLength(10);
    expect(new Set(held.map((h) => h.user_id)).size).toBe(10);
    const row = await rt.db
      .selectFrom('coupons')
      .select('remaining')
      .where('id', '=', couponId)
      .executeTakeFirstOrThrow();
    expect(row.remaining).toBe(0);
  });

  it('one member racing 5 claims of a one-per-member coupon gets one copy', async () => {
    const couponId = await makeCoupon(rt, admin, { name: '每人一张', total: 50 });
    const [m] = await newMembers(rt, 1);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(rt, '/api/coupon/claim', { json: { couponId }, token: m!.token }),
      ),
    );
    const messages = answers.map((a) => a.body.message).sort();
    expect(messages.filter((x) => x === '领取成功')).toHaveLength(1);
    expect(messages.filter((x) => x === '每人限领 1 张，您已领取')).toHaveLength(4);
    const row = await rt.db
      .selectFrom('coupons')
      .select('remaining')
      .where('id', '=', couponId)
      .executeTakeFirstOrThrow();
    expect(row.remaining).toBe(49);
    // A course page offers it to a visitor, and tells the member it is taken.
    const offered = async (token?: string) =>
      (
        await call<{ list: { id: number; canClaim: boolean }[] }>(
          rt,
          `/api/coupon/course?courseId=${buck}`,
          { token },
        )
      ).body.data.list.find((c) => c.id === couponId);
    expect((await offered())?.canClaim).toBe(true);
    expect((await offered(m!.token))?.canClaim).toBe(false);
  });

  it('a draft, a stopped or an unclaimable coupon cannot be claimed', async () => {
    const [m] = await newMembers(rt, 1);
    const draft = await makeCoupon(rt, admin, { state: 'draft' });
    const hidden = await makeCoupon(rt, admin, { claimable: false });
    const stopped = await makeCoupon(rt, admin);
    await call(rt, '/api/admin/coupon/stop', { json: { id: stopped }, token: admin });
    const ask = async (couponId: number) =>
      (await call(rt, '/api/coupon/claim', { json: { couponId }, token: m!.token })).body.message;
    expect(await ask(draft)).toBe('该优惠券不可领取');
    expect(await ask(hidden)).toBe('该优惠券不可领取');
    expect(await ask(stopped)).toBe('优惠券活动已结束');
    expect(await ask(999999)).toBe('优惠券不存在');
  });
});

describe('checkout', () => {
  it('one coupon named by two parallel checkouts of different courses: one order carries it', async () => {
    const couponId = await makeCoupon(rt, admin);
    const [m] = await newMembers(rt, 1);
    const held = await claim(rt, m!.token, couponId);
    const [a, b] = await Promise.all([
      checkout(rt, m!.token, buck, held),
      checkout(rt, m!.token, opamp, held),
    ]);
    const messages = [a.body.message, b.body.message].sort();
    expect(messages).toEqual(['下单成功', '优惠券已用于其他待支付订单，取消该订单后可再次使用']);
    const orders = await ordersOf(m!.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.member_coupon_id).toBe(held);
  });

  it('the same checkout twice in parallel gives one order with the coupon (idempotent)', async () => {
    const couponId = await makeCoupon(rt, admin);
    const [m] = await newMembers(rt, 1);
    const held = await claim(rt, m!.token, couponId);
    const answers = await Promise.all([1, 2, 3].map(() => checkout(rt, m!.token, buck, held)));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.orderNo)).size).toBe(1);
    expect(answers[0]!.body.data).toMatchObject({
      listPriceCents: 14900,
      discountCents: 1000,
      amountCents: 13900,
      couponId: held,
    });
    // 我的订单 shows the same breakdown.
    const mine = await call<{ list: OrderItem[] }>(rt, '/api/order/queryByType?type=0', {
      token: m!.token,
    });
    expect(mine.body.data.list[0]).toMatchObject({
      listPriceCents: 14900,
      discountCents: 1000,
      amountCents: 13900,
    });
    // So does the console's order drawer, with the coupon's name.
    const detail = await call<AdminOrderDetail>(
      rt,
      `/api/admin/order/detail?orderNo=${answers[0]!.body.data.orderNo}`,
      { token: admin },
    );
    expect(detail.body.data).toMatchObject({
      listPriceCents: 14900,
      discountCents: 1000,
      couponName: '测试券',
    });
    // Another choice for the same open order is refused, not swapped in.
    const again = await checkout(rt, m!.token, buck, null);
    expect(again.body.message).toBe('该课程已有待支付订单，请先支付或取消该订单再更换优惠券');
    expect(await ordersOf(m!.id)).toHaveLength(1);
  });

  it('a cancelled or expired unpaid order gives the coupon back; a paid one keeps it, also after a refund', async () => {
    const couponId = await makeCoupon(rt, admin, { validDays: 60 });
    const [m] = await newMembers(rt, 1);
    const held = await claim(rt, m!.token, couponId);
    const state = async () => (await mine(m!.token)).list.find((c) => c.id === held)?.state;

    const first = await checkout(rt, m!.token, buck, held);
    expect(await state()).toBe('held');
    expect(
      (
        await call(rt, '/api/order/cancel', {
          json: { orderNo: first.body.data.orderNo },
          token: m!.token,
        })
      ).body.message,
    ).toBe('订单已取消');
    expect(await state()).toBe('usable');

    const second = await checkout(rt, m!.token, buck, held);
    expect(second.body.data.orderNo).not.toBe(first.body.data.orderNo);
    rt.clock.advance(31 * 60_000);
    expect(await state()).toBe('usable');
    const events = await rt.db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['o.order_no', 'e.type'])
      .where('o.user_id', '=', m!.id)
      .where('e.type', '=', 'coupon_returned')
      .execute();
    expect(events.map((e) => e.order_no).sort()).toEqual(
      [first.body.data.orderNo, second.body.data.orderNo].sort(),
    );

    const third = await checkout(rt, m!.token, buck, held);
    expect(third.body.data.amountCents).toBe(13900);
    expect(await pay(rt, wxpay, m!.token, third.body.data.orderNo)).toBe(1);
    const used = await mine(m!.token, 'used');
    expect(used.counts).toMatchObject({ usable: 0, used: 1 });
    expect(used.list[0]).toMatchObject({
      id: held,
      state: 'used',
      orderNo: third.body.data.orderNo,
    });
    // What was paid is the discounted amount.
    const records = await call<{ list: { orderNo: string; amountCents: number }[] }>(
      rt,
      '/api/user/payRecord',
      { token: m!.token },
    );
    expect(
      records.body.data.list.find((r) => r.orderNo === third.body.data.orderNo)?.amountCents,
    ).toBe(13900);
    const refund = await call(rt, '/api/admin/order/refund', {
      json: { orderNo: third.body.data.orderNo, reason: '测试退款' },
      token: admin,
    });
    expect(refund.body.message).toBe('退款成功');
    expect((await mine(m!.token, 'used')).list[0]).toMatchObject({ id: held, state: 'used' });
    expect((await checkout(rt, m!.token, opamp, held)).body.message).toBe('优惠券已使用');
  });

  it('refuses each bad coupon with its own message and records nothing', async () => {
    const [m, other] = await newMembers(rt, 2);
    const own = async (fields: Record<string, unknown>) =>
      claim(rt, m!.token, await makeCoupon(rt, admin, fields));
    const foreign = await claim(rt, other!.token, await makeCoupon(rt, admin));
    const expired = await own({ name: '过期券' });
    await rt.db
      .updateTable('member_coupons')
      .set({ expires_at: new Date(rt.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', expired)
      .execute();
    const later = await own({
      validFrom: new Date(rt.clock.now().getTime() + 86_400_000).toISOString(),
      validTo: new Date(rt.clock.now().getTime() + 10 * 86_400_000).toISOString(),
      validDays: null,
    });
    const kitsOnly = await own({ scope: 'kits' });
    const named = await own({ scope: 'named', courseIds: [buck] });
    const coursesOnly = await own({ scope: 'courses' });
    const bigSpend = await own({ minSpendCents: 19900, amountCents: 3000 });
    const cases: [number, number, string][] = [
      [999999, buck, '优惠券不存在'],
      [foreign, buck, '该优惠券不属于您的账户'],
      [expired, buck, '优惠券已过期'],
      [later, buck, '优惠券尚未到可用时间'],
      [kitsOnly, buck, '该优惠券不适用于此课程'],
      [named, opamp, '该优惠券不适用于此课程'],
      [coursesOnly, kit, '该优惠券不适用于此课程'],
      [bigSpend, opamp, '订单金额未满 ¥199.00，不能使用该优惠券'],
    ];
    for (const [couponId, courseId, message] of cases) {
      const res = await checkout(rt, m!.token, courseId, couponId, courseId === kit);
      expect(res.body.message, `coupon ${couponId}`).toBe(message);
    }
    expect(await ordersOf(m!.id)).toEqual([]);
    const taken = await rt.db
      .selectFrom('member_coupons')
      .select('id')
      .where('user_id', '=', m!.id)
      .where('order_id', 'is not', null)
      .execute();
    expect(taken).toEqual([]);
    // The checkout's list says the same, and prices what applies.
    const list = await call<{
      coupons: {
        id: number;
        usable: boolean;
        reason: string | null;
        price: { amountCents: number };
      }[];
      best: number | null;
    }>(rt, `/api/coupon/checkout?courseId=${buck}`, { token: m!.token });
    const byId = new Map(list.body.data.coupons.map((c) => [c.id, c]));
    expect(byId.get(kitsOnly)?.reason).toBe('该优惠券不适用于此课程');
    expect(byId.get(later)?.reason).toBe('优惠券尚未到可用时间');
    expect(byId.has(expired)).toBe(false);
    expect(byId.get(named)).toMatchObject({ usable: true, price: { amountCents: 13900 } });
    expect([named, coursesOnly, bigSpend]).toContain(list.body.data.best);
  });
});

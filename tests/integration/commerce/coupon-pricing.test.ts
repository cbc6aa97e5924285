/**
 * Coupon prices and the console's coupons (issue 27) on SQLite and PostgreSQL: for every
 * combination of kind (满减, 折扣 with and without a cap), minimum spend, scope and course
 * (video course, kit), the order made through the API records the list price, discount
 * and amount that priceOrder computes (and the checkout's list shows the same); staff
 * create, edit, stop and issue coupons, each write audited, with their refusals in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder, type CouponTerms } from '../../../src/server/services/commerce/index.ts';
import type {
  AdminCouponRow,
  CheckoutCoupons,
  CouponHolder,
  CouponIssueResult,
} from '../../../src/server/services/commerce/index.ts';
import { call } from '../../support/accounts.ts';
import { checkout, claim, courseIdOf, makeCoupon, newMembers } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin = '';
const courses: Record<string, { id: number; price: number; kit: boolean }> = {};

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  for (const [key, title, price, kit] of [
    ['buck', 'Buck 变换器设计', 14900, false],
    ['opamp', '运算放大器应用', 9900, false],
    ['interview', '硬件工程师面试', 4900, false],
    ['kit', 'STM32F103 开发板套件', 19900, true],
  ] as const)
    courses[key] = { id: await courseIdOf(rt, title), price, kit };
});

afterAll(async () => {
  await rt?.close();
});

type Row = [name: string, terms: Partial<CouponTerms> & { scope?: string }, course: string];

/** Every kind × minimum × cap × scope the checkout supports, on courses and a kit. */
const TABLE: Row[] = [
  ['立减 10 on a course', { kind: 'amount', amountCents: 1000 }, 'buck'],
  ['满 99 减 20 met exactly', { kind: 'amount', amountCents: 2000, minSpendCents: 9900 }, 'opamp'],
  ['满 99 减 20 above', { kind: 'amount', amountCents: 2000, minSpendCents: 9900 }, 'buck'],
  ['立减 100 beyond the price: ¥0.01 left', { kind: 'amount', amountCents: 10000 }, 'interview'],
  ['立减 49 to exactly the floor', { kind: 'amount', amountCents: 4899 }, 'interview'],
  ['8 折 no cap', { kind: 'percent', ratePercent: 80 }, 'buck'],
  ['8.5 折 rounding down the discount', { kind: 'percent', ratePercent: 85 }, 'opamp'],
  ['5 折 capped at 30', { kind: 'percent', ratePercent: 50, maxDiscountCents: 3000 }, 'buck'],
  [
    '9 折 cap above the discount',
    { kind: 'percent', ratePercent: 90, maxDiscountCents: 9000 },
    'buck',
  ],
  ['1 折 on the cheapest', { kind: 'percent', ratePercent: 10 }, 'interview'],
  ['满 100 享 9 折', { kind: 'percent', ratePercent: 90, minSpendCents: 10000 }, 'buck'],
  [
    'kits: 满 199 减 30',
    { kind: 'amount', amountCents: 3000, minSpendCents: 19900, scope: 'kits' },
    'kit',
  ],
  ['kits: 9.5 折', { kind: 'percent', ratePercent: 95, scope: 'kits' }, 'kit'],
  ['courses only', { kind: 'amount', amountCents: 500, scope: 'courses' }, 'opamp'],
  ['named course', { kind: 'percent', ratePercent: 70, scope: 'named' }, 'buck'],
  ['all: on a kit', { kind: 'amount', amountCents: 1500, scope: 'all' }, 'kit'],
  ['no coupon', {}, 'buck'],
  ['no coupon, kit', {}, 'kit'],
];

describe('the order price is priceOrder’s', () => {
  it.each(TABLE)('%s', async (_name, terms, key) => {
    const course = courses[key]!;
    const [m] = await newMembers(rt, 1);
    let held: number | null = null;
    let coupon: CouponTerms | null = null;
    if (terms.kind) {
      coupon = {
        kind: terms.kind,
        amountCents: terms.amountCents ?? 0,
        ratePercent: terms.ratePercent ?? 100,
        maxDiscountCents: terms.maxDiscountCents ?? null,
        minSpendCents: terms.minSpendCents ?? 0,
      };
      const couponId = await makeCoupon(rt, admin, {
        kind: coupon.kind,
        amountCents: coupon.kind === 'amount' ? coupon.amountCents : undefined,
        ratePercent: coupon.kind === 'percent' ? coupon.ratePercent : undefined,
        maxDiscountCents: coupon.maxDiscountCents ?? undefined,
        minSpendCents: coupon.minSpendCents,
        scope: terms.scope ?? 'all',
        courseIds: terms.scope === 'named' ? [course.id] : [],
      });
      held = await claim(rt, m!.token, couponId);
    }
    const expected = priceOrder({ listPriceCents: course.price, coupon });
    const preview = await call<CheckoutCoupons>(rt, `/api/coupon/checkout?courseId=${course.id}`, {
      token: m!.token,
    });
    if (held !== null)
      expect(preview.body.data.coupons.find((c) => c.id === held)?.price).toEqual(expected);
    else expect(preview.body.data.price).toEqual(expected);
    const made = await checkout(rt, m!.token, course.id, held, course.kit);
    expect(made.body.code, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({
      listPriceCents: expected.listPriceCents,
      discountCents: expected.discountCents,
      amountCents: expected.amountCents,
      couponId: held,
    });
    const row = await rt.db
      .selectFrom('orders')
      .select(['amount_cents', 'list_price_cents', 'discount_cents', 'member_coupon_id'])
      .where('order_no', '=', made.body.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      amount_cents: expected.amountCents,
      list_price_cents: expected.listPriceCents,
      discount_cents: expected.discountCents,
      member_coupon_id: held,
    });
    expect(row.amount_cents).toBeGreaterThanOrEqual(1);
  });
});

describe('the console’s coupons', () => {
  const create = (fields: Record<string, unknown>) =>
    call<AdminCouponRow>(rt, '/api/admin/coupon/create', {
      json: {
        name: '控制台券',
        kind: 'amount',
        amountCents: 1000,
        validDays: 7,
        total: 5,
        perMember: 1,
        scope: 'all',
        claimable: false,
        state: 'draft',
        ...fields,
      },
      token: admin,
    });

  it('refuses bad templates with their own words, and members cannot call it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, '请填写优惠券名称（1–30 个字）'],
      [{ kind: 'gift' }, '请选择优惠券类型'],
      [{ amountCents: 0 }, '减免金额须为 0.01 到 10000 元'],
      [{ kind: 'percent', ratePercent: 100 }, '折扣须在 1 折到 9.9 折之间（如 8.5 折填 85）'],
      [{ amountCents: 5000, minSpendCents: 3000 }, '满减券的减免金额不能超过使用门槛'],
      [{ validDays: null }, '请设置有效期：固定起止时间，或领取后有效天数'],
      [{ validDays: 400 }, '领取后有效天数须为 1 到 365 的整数'],
      [{ total: 0 }, '发放总量须为 1 到 100000 的整数'],
      [{ scope: 'named', courseIds: [] }, '请至少选择一门指定课程'],
      [{ scope: 'named', courseIds: [987654] }, '指定课程不存在：987654'],
    ];
    for (const [fields, message] of cases)
      expect((await create(fields)).body.message, JSON.stringify(fields)).toBe(message);
    const [m] = await newMembers(rt, 1);
    const res = await call(rt, '/api/admin/coupon/list', { token: m!.token });
    expect(res.body.code).toBe(403);
  });

  it('creates, edits, issues to named members, lists holders, stops; every write audited', async () => {
    const made = await create({ name: '老用户回馈券' });
    expect(made.body.data).toMatchObject({ state: 'draft', total: 5, remaining: 5, issued: 0 });
    const id = made.body.data.id;
    const [a, b] = await newMembers(rt, 2);
    const issue = (mobiles: string) =>
      call<CouponIssueResult>(rt, '/api/admin/coupon/issue', {
        json: { id, mobiles },
        token: admin,
      });
    expect((await issue(a!.mobile)).body.message).toBe('只有发放中的优惠券可以发放');
    const edit = (fields: Record<string, unknown>) =>
      call<AdminCouponRow>(rt, '/api/admin/coupon/update', {
        json: {
          id,
          name: '老用户回馈券',
          kind: 'amount',
          amountCents: 1000,
          validDays: 7,
          total: 5,
          perMember: 1,
          scope: 'all',
          claimable: false,
          state: 'active',
          ...fields,
        },
        token: admin,
      });
    expect((await edit({ amountCents: 1500 })).body.data).toMatchObject({
      state: 'active',
      amountCents: 1500,
    });
    const issued = await issue(`${a!.mobile}\n${b!.mobile}，13000000000 ${a!.mobile}`);
    expect(issued.body.data.issued).toBe(2);
    expect(issued.body.data.refused).toEqual([
      { mobile: '13000000000', message: '未找到该手机号的会员' },
    ]);
    expect((await issue(a!.mobile)).body.data.refused[0]!.message).toBe('每人限领 1 张，您已领取');
    // Once held, the terms stay; the total cannot go below what was handed out.
    expect((await edit({ amountCents: 2000 })).body.message).toBe(
      '优惠券已发放，不能再修改优惠规则、门槛和适用范围',
    );
    expect((await edit({ amountCents: 1500, total: 1 })).body.message).toBe(
      '发放总量不能少于已发放的 2 张',
    );
    expect((await edit({ amountCents: 1500, total: 8, name: '回馈券' })).body.data).toMatchObject({
      name: '回馈券',
      total: 8,
      remaining: 6,
      issued: 2,
    });
    const holders = await call<{ list: CouponHolder[]; count: number }>(
      rt,
      `/api/admin/coupon/holders?id=${id}`,
      { token: admin },
    );
    expect(holders.body.data.count).toBe(2);
    expect(holders.body.data.list.map((h) => h.mobile).sort()).toEqual(
      [a!.mobile, b!.mobile].sort(),
    );
    expect(holders.body.data.list[0]).toMatchObject({ state: 'usable', source: 'issue' });
    const stopped = await call<AdminCouponRow>(rt, '/api/admin/coupon/stop', {
      json: { id },
      token: admin,
    });
    expect(stopped.body).toMatchObject({ message: '优惠券已停用', data: { state: 'stopped' } });
    // A stopped coupon already held stays usable.
    const mineA = await call<{ list: { couponId: number; state: string }[] }>(
      rt,
      '/api/coupon/mine',
      { token: a!.token },
    );
    expect(mineA.body.data.list.find((c) => c.couponId === id)?.state).toBe('usable');
    const audit = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'target_type', 'target_id', 'refusal'])
      .where('target_type', '=', 'coupon')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => [r.action, r.refusal])).toEqual([
      ['/api/admin/coupon/create', null],
      ['/api/admin/coupon/issue', '只有发放中的优惠券可以发放'],
      ['/api/admin/coupon/update', null],
      ['/api/admin/coupon/issue', null],
      ['/api/admin/coupon/issue', null],
      ['/api/admin/coupon/update', '优惠券已发放，不能再修改优惠规则、门槛和适用范围'],
      ['/api/admin/coupon/update', '发放总量不能少于已发放的 2 张'],
      ['/api/admin/coupon/update', null],
      ['/api/admin/coupon/stop', null],
    ]);
  });
});

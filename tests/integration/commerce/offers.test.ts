/**
 * Offer prices (issue 27) on SQLite and PostgreSQL: 限时特惠 and 新人首单价 priced by the
 * server at order time, for every combination with a coupon and a VIP's member price
 * (table-driven, each order
 * against priceOrder); the first-order price carried by one order of a member even when
 * two checkouts race, given back by a cancelled order, gone once paid; staff manage offers
 * through the console's calls with their refusals in words, each write audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMERCE_MSG,
  priceOrder,
  type AdminOfferRow,
  type CheckoutCoupons,
  type CouponTerms,
  type OfferTerms,
} from '../../../src/server/services/commerce/index.ts';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { courseTags } from '../../../src/server/cache/tags.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
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

const MSG = COMMERCE_MSG.offerAdmin;
let rt: TestRuntime;
let admin = '';
let exam = 0;
let lora = 0;
let buck = 0;
let opamp = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  exam = await courseIdOf(rt, '嵌入式系统设计师');
  lora = await courseIdOf(rt, 'LoRa');
  buck = await courseIdOf(rt, 'Buck');
  opamp = await courseIdOf(rt, '运算放大器');
});

afterAll(async () => {
  await rt?.close();
});

const at = (days: number) => new Date(rt.clock.now().getTime() + days * 86_400_000).toISOString();

function saveOffer(json: Record<string, unknown>) {
  return call<{ id: number }>(rt, `/api/admin/offer/${'id' in json ? 'update' : 'create'}`, {
    json,
    token: admin,
  });
}

async function offersOf(courseId: number): Promise<AdminOfferRow[]> {
  const res = await call<{ list: AdminOfferRow[] }>(rt, '/api/admin/offer/list?size=100', {
    token: admin,
  });
  return res.body.data.list.filter((o) => o.courseId === courseId);
}

/** Sets a course's offers to exactly these (through the console's calls). */
async function setOffers(courseId: number, offers: OfferTerms[]) {
  for (const o of await offersOf(courseId))
    await call(rt, '/api/admin/offer/delete', { json: { id: o.id }, token: admin });
  for (const o of offers) {
    const res = await saveOffer({
      courseId,
      kind: o.kind,
      priceCents: o.priceCents,
      startsAt: o.kind === 'limited' ? at(-1) : null,
      endsAt: o.kind === 'limited' ? at(1) : null,
    });
    expect(res.body.message).toBe(MSG.saved);
  }
}

describe('the price an order records', () => {
  it('the seeded 限时特惠 holds in its window, and not after it', async () => {
    const [m] = await newMembers(rt, 1);
    const preview = await call<CheckoutCoupons>(rt, `/api/coupon/checkout?courseId=${exam}`, {
      token: m!.token,
    });
    expect(preview.body.data.price).toEqual({
      listPriceCents: 19900,
      offerKind: 'limited',
      baseCents: 12900,
      discountCents: 0,
      amountCents: 12900,
    });
    const order = await checkout(rt, m!.token, exam, null);
    expect(order.body.data).toMatchObject({
      amountCents: 12900,
      listPriceCents: 19900,
      discountCents: 0,
      offerKind: 'limited',
    });
    const row = await rt.db
      .selectFrom('orders')
      .select(['amount_cents', 'offer_kind', 'offer_price_cents'])
      .where('order_no', '=', order.body.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_cents: 12900, offer_kind: 'limited', offer_price_cents: 12900 });
    await call(rt, '/api/order/cancel', {
      json: { orderNo: order.body.data.orderNo },
      token: m!.token,
    });

    // The offer ends (staff move its end to a minute ago): the next order is at the list price.
    const [seeded] = await offersOf(exam);
    const ended = await saveOffer({
      id: seeded!.id,
      courseId: exam,
      kind: 'limited',
      priceCents: 12900,
      startsAt: seeded!.startsAt,
      endsAt: at(-1 / 1440),
    });
    expect(ended.body.message).toBe(MSG.saved);
    expect((await offersOf(exam))[0]).toMatchObject({ state: 'ended' });
    const later = await checkout(rt, m!.token, exam, null);
    expect(later.body.data).toMatchObject({ amountCents: 19900, offerKind: null });
  });

  type Combo = [
    name: string,
    offers: OfferTerms[],
    coupon: Partial<CouponTerms> | null,
    refusal?: string | null,
    /** The member is VIP: the seeded 8 折 member price (¥119.20) joins the offers. */
    vip?: boolean,
  ];
  const LIMITED = { kind: 'limited', priceCents: 11900 };
  const FIRST = { kind: 'first_order', priceCents: 8900 };
  const SPEND_99 = { kind: 'amount', amountCents: 2000, minSpendCents: 9900 };
  const OFF_20 = { kind: 'percent', ratePercent: 80, maxDiscountCents: null, minSpendCents: 0 };
  /** Buck (¥149) for a new member: every offer set × no coupon, 满 99 减 20, 8 折. */
  const COMBOS: Combo[] = [
    ['list price', [], null],
    ['list price + 满 99 减 20', [], SPEND_99],
    ['list price + 8 折', [], OFF_20],
    ['限时特惠', [LIMITED], null],
    ['限时特惠 + 满 99 减 20', [LIMITED], SPEND_99],
    ['限时特惠 + 8 折', [LIMITED], OFF_20],
    ['新人首单价', [FIRST], null],
    [
      '新人首单价 + 满 99 减 20: below the spend',
      [FIRST],
      SPEND_99,
      '订单金额未满 ¥99.00，不能使用该优惠券',
    ],
    ['新人首单价 + 8 折', [FIRST], OFF_20],
    ['both: the lower', [LIMITED, FIRST], null],
    ['both + 8 折', [LIMITED, FIRST], OFF_20],
    ['会员价', [], null, null, true],
    ['会员价 + 满 99 减 20', [], SPEND_99, null, true],
    ['会员价 + 8 折', [], OFF_20, null, true],
    ['会员价 vs 限时特惠: the lower', [LIMITED], null, null, true],
    ['会员价 vs 新人首单价 + 8 折: the lower', [FIRST], OFF_20, null, true],
    [
      '会员价, 限时特惠, 新人首单价 + 满 99 减 20: below the spend',
      [LIMITED, FIRST],
      SPEND_99,
      '订单金额未满 ¥99.00，不能使用该优惠券',
      true,
    ],
  ];
  const VIP_PRICE = { kind: 'vip', priceCents: 11920 };

  it.each(COMBOS)('%s', async (_name, offers, coupon, refusal, vip) => {
    await setOffers(buck, offers);
    const [m] = await newMembers(rt, 1);
    if (vip) {
      const now = rt.clock.now().toISOString();
      await rt.db
        .insertInto('vip_members')
        .values({
          user_id: m!.id,
          started_at: now,
          ends_at: at(30),
          reminded_for: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    let couponId: number | null = null;
    if (coupon) couponId = await claim(rt, m!.token, await makeCoupon(rt, admin, coupon));
    const res = await checkout(rt, m!.token, buck, couponId);
    const orders = await rt.db
      .selectFrom('orders')
      .select(['amount_cents', 'list_price_cents', 'discount_cents', 'offer_kind'])
      .where('user_id', '=', m!.id)
      .execute();
    if (refusal) {
      expect(res.body).toMatchObject({ code: 400, message: refusal });
      expect(orders).toEqual([]);
      return;
    }
    const terms: CouponTerms | null = coupon
      ? {
          amountCents: 0,
          ratePercent: 100,
          maxDiscountCents: null,
          minSpendCents: 0,
          kind: 'amount',
          ...coupon,
        }
      : null;
    const price = priceOrder({
      listPriceCents: 14900,
      offers: vip ? [...offers, VIP_PRICE] : offers,
      coupon: terms,
    });
    expect(res.body.data).toMatchObject({
      amountCents: price.amountCents,
      listPriceCents: 14900,
      discountCents: price.discountCents,
      offerKind: price.offerKind,
    });
    expect(orders).toEqual([
      {
        amount_cents: price.amountCents,
        list_price_cents: 14900,
        discount_cents: price.discountCents,
        offer_kind: price.offerKind,
      },
    ]);
  });
});

describe('新人首单价', () => {
  it('one order carries it: racing checkouts of two courses, a cancel gives it back, a payment ends it', async () => {
    await setOffers(buck, [{ kind: 'first_order', priceCents: 2990 }]);
    const members = await newMembers(rt, 6);
    const answers = await Promise.all(
      members.flatMap((m) => [
        checkout(rt, m.token, lora, null),
        checkout(rt, m.token, buck, null),
      ]),
    );
    for (const [i, m] of members.entries()) {
      const mine = answers.slice(2 * i, 2 * i + 2).map((r) => r.body);
      // Each answer is an order (at the first-order price or the list price) or the refusal.
      for (const b of mine)
        if (b.code !== 200) expect(b.message).toBe(COMMERCE_MSG.offer.firstOrderTaken);
      expect(mine.filter((b) => b.code === 200 && b.data.offerKind === 'first_order')).toHaveLength(
        1,
      );
      const rows = await rt.db
        .selectFrom('orders')
        .select(['course_id', 'amount_cents', 'offer_kind'])
        .where('user_id', '=', m.id)
        .execute();
      expect(rows.filter((r) => r.offer_kind === 'first_order')).toHaveLength(1);
      for (const r of rows)
        expect(r.amount_cents).toBe(
          r.offer_kind === 'first_order'
            ? r.course_id === lora
              ? 990
              : 2990
            : r.course_id === lora
              ? 6900
              : 14900,
        );
    }

    // A cancelled order gives the first-order price back; a paid one ends it.
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      const [m] = await newMembers(rt, 1);
      const first = await checkout(rt, m!.token, lora, null);
      expect(first.body.data).toMatchObject({ amountCents: 990, offerKind: 'first_order' });
      const other = await checkout(rt, m!.token, buck, null);
      expect(other.body.data).toMatchObject({ amountCents: 14900, offerKind: null });
      await call(rt, '/api/order/cancel', {
        json: { orderNo: other.body.data.orderNo },
        token: m!.token,
      });
      await call(rt, '/api/order/cancel', {
        json: { orderNo: first.body.data.orderNo },
        token: m!.token,
      });
      const again = await checkout(rt, m!.token, buck, null);
      expect(again.body.data).toMatchObject({ amountCents: 2990, offerKind: 'first_order' });
      expect(await pay(rt, wxpay, m!.token, again.body.data.orderNo)).toBe(1);
      const afterPaid = await checkout(rt, m!.token, lora, null);
      expect(afterPaid.body.data).toMatchObject({ amountCents: 6900, offerKind: null });
      // The member's order list says how the paid price was reached.
      const list = await call<
        { orderNo: string; offerKind: string | null; offerPriceCents: number | null }[]
      >(rt, '/api/user/order', { token: m!.token });
      expect(list.body.data.find((o) => o.orderNo === again.body.data.orderNo)).toMatchObject({
        offerKind: 'first_order',
        offerPriceCents: 2990,
      });
    } finally {
      stop();
    }
  });
});

describe('staff manage offers', () => {
  it('refuses in words, saves, edits, deletes; every write audited', async () => {
    await setOffers(opamp, []);
    const base = {
      courseId: opamp,
      kind: 'limited',
      priceCents: 6900,
      startsAt: at(1),
      endsAt: at(3),
    };
    const refused = async (json: Record<string, unknown>, message: string) => {
      const res = await saveOffer(json);
      expect(res.body).toMatchObject({ code: 400, message });
    };
    await refused({ ...base, priceCents: 9900 }, '优惠价须为 0.01 元以上、低于课程原价 ¥99.00');
    await refused({ ...base, startsAt: null }, MSG.window);
    await refused({ ...base, endsAt: at(0.5) }, MSG.windowOrder);
    await refused({ ...base, kind: 'vip' }, MSG.kind);
    await refused({ ...base, startsAt: '不是时间' }, MSG.time);
    await refused({ ...base, courseId: await courseIdOf(rt, 'FreeRTOS') }, MSG.courseFree);
    expect(await offersOf(opamp)).toEqual([]);

    const made = await saveOffer(base);
    expect(made.body.message).toBe(MSG.saved);
    const id = made.body.data.id;
    await refused({ ...base, priceCents: 5900 }, '该课程已有一个限时特惠，请编辑原有的那个');
    const [row] = await offersOf(opamp);
    expect(row).toMatchObject({
      id,
      kind: 'limited',
      priceCents: 6900,
      state: 'upcoming',
      orders: 0,
    });
    expect((await saveOffer({ ...base, id, kind: 'first_order' })).body.message).toBe(
      MSG.kindLocked,
    );
    expect((await saveOffer({ ...base, id, startsAt: at(-1) })).body.message).toBe(MSG.saved);
    expect((await offersOf(opamp))[0]).toMatchObject({ state: 'on' });
    const gone = await call(rt, '/api/admin/offer/delete', { json: { id }, token: admin });
    expect(gone.body.message).toBe(MSG.deleted);
    expect(await offersOf(opamp)).toEqual([]);

    const audit = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'refusal'])
      .where('target_type', '=', 'offer')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => [r.action, r.refusal])).toEqual([
      ['/api/admin/offer/create', null],
      ['/api/admin/offer/update', MSG.kindLocked],
      ['/api/admin/offer/update', null],
      ['/api/admin/offer/delete', null],
    ]);
    // A member cannot call them.
    const [m] = await newMembers(rt, 1);
    const denied = await call(rt, '/api/admin/offer/create', { json: base, token: m!.token });
    expect(denied.body.code).toBe(403);
  });
});

describe('an offer’s start and end', () => {
  it('drop the course’s cached page when they come (offer.boundary jobs)', async () => {
    await setOffers(opamp, []);
    const startsAt = at(1);
    const endsAt = at(2);
    const made = await saveOffer({
      courseId: opamp,
      kind: 'limited',
      priceCents: 6900,
      startsAt,
      endsAt,
    });
    expect(made.body.message).toBe(MSG.saved);
    const jobs = await rt.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('kind', '=', 'offer.boundary')
      .where(
        'dedupe_key',
        'in',
        [startsAt, endsAt].map((t) => `offer-boundary:${opamp}:${t}`),
      )
      .orderBy('run_at')
      .execute();
    expect(jobs.map((j) => [new Date(j.run_at).toISOString(), j.status])).toEqual([
      [startsAt, 'pending'],
      [endsAt, 'pending'],
    ]);

    const key = 'offers.test/course';
    const cachePage = () =>
      pageStore().put(key, {
        status: 200,
        headers: [['content-type', 'text/html']],
        body: Buffer.from('<html>course</html>'),
        maxAge: 60,
        swr: 600,
        tags: ['site', courseTags.one(opamp)],
      });
    const start = rt.clock.now();
    try {
      await cachePage();
      await runDueJobs(rt.deps, JOB_HANDLERS); // nothing due yet
      expect(pageStore().get(key)).toBeDefined();
      rt.clock.advance(86_400_000 + 1000); // the start
      await runDueJobs(rt.deps, JOB_HANDLERS);
      expect(pageStore().get(key)).toBeUndefined();
      await cachePage();
      rt.clock.advance(86_400_000); // the end
      await runDueJobs(rt.deps, JOB_HANDLERS);
      expect(pageStore().get(key)).toBeUndefined();
    } finally {
      rt.clock.set(start);
      pageStore().clear();
    }
  });
});

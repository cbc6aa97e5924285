/**
 * The console dashboard (issue 12): daily series by Beijing day (a view at
 * 23:59 and one at 00:00 Beijing time fall on two days), ads per slot with
 * click-through, paid orders and revenue, completions, reservations and
 * live-page views; admins only; a range is at most 92 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  const user = await rt.userId(DEMO.members[0]);
  const course = await rt.db
    .selectFrom('courses')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const live = await rt.db
    .selectFrom('live_broadcasts')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await rt.db
    .insertInto('page_views')
    .values([
      {
        path: '/',
        referrer: null,
        company_id: null,
        user_id: null,
        created_at: '2025-01-10T15:59:00.000Z',
      },
      {
        path: '/',
        referrer: null,
        company_id: null,
        user_id: null,
        created_at: '2025-01-10T16:00:00.000Z',
      },
      {
        path: '/livedetail?id=1',
        referrer: null,
        company_id: null,
        user_id: user,
        created_at: '2025-01-11T02:00:00.000Z',
      },
    ])
    .execute();
  await rt.db
    .insertInto('ad_events')
    .values([
      ...Array.from({ length: 4 }, () => ({
        ad_id: 1,
        slot: 2,
        kind: 'impression' as const,
        user_id: null,
        created_at: '2025-01-11T03:00:00.000Z',
      })),
      {
        ad_id: 1,
        slot: 2,
        kind: 'click' as const,
        user_id: null,
        created_at: '2025-01-11T03:01:00.000Z',
      },
    ])
    .execute();
  await rt.db
    .insertInto('orders')
    .values({
      order_no: 'DASH202501120001',
      user_id: user,
      course_id: course.id,
      title: '仪表盘测试订单',
      amount_cents: 9900,
      status: 1,
      express_name: null,
      express_number: null,
      address: null,
      created_at: '2025-01-12T00:50:00.000Z',
      paid_at: '2025-01-12T01:00:00.000Z',
      terms_version: null,
    } as never)
    .execute();
  await rt.db
    .insertInto('completions')
    .values({
      user_id: user,
      course_id: course.id,
      kind: 'course',
      score: null,
      completed_at: '2025-01-12T05:00:00.000Z',
    })
    .execute();
  await rt.db
    .insertInto('live_reservations')
    .values({
      live_id: live.id,
      user_id: user,
      fields: '{}',
      created_at: '2025-01-10T04:00:00.000Z',
    })
    .execute();
});
afterAll(async () => {
  await rt.close();
});

describe('dashboard', () => {
  it('gives every series per Beijing day', async () => {
    const res = await rt.get<Record<string, unknown>>(
      '/api/admin/dashboard?from=2025-01-10&to=2025-01-12',
      admin,
    );
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({
      days: ['2025-01-10', '2025-01-11', '2025-01-12'],
      pageViews: [1, 2, 0],
      liveViews: [0, 1, 0],
      reservations: [1, 0, 0],
      orders: [0, 0, 1],
      revenueCents: [0, 0, 9900],
      completions: [0, 0, 1],
      ads: [{ slot: 2, impressions: [0, 4, 0], clicks: [0, 1, 0], ctr: [0, 25, 0] }],
      // The range's sales (issue 27): the one paid course order, no kit, coupon or offer.
      sales: {
        byType: [
          { type: 'course', orders: 1, revenueCents: 9900, refundedCents: 0 },
          { type: 'kit', orders: 0, revenueCents: 0, refundedCents: 0 },
          { type: 'vip', orders: 0, revenueCents: 0, refundedCents: 0 },
        ],
        coupons: { handedOut: 0, used: 0, discountCents: 0 },
        offers: [],
        vip: { active: 0, endingSoon: 0, joined: 0 },
      },
    });
  });

  it('has figures on every one of the last 14 days of a fresh demo, and none from the future', async () => {
    const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const now = rt.clock.now().getTime();
    const res = await rt.get<{
      days: string[];
      pageViews: number[];
      ads: { slot: number; impressions: number[]; clicks: number[] }[];
    }>(`/api/admin/dashboard?from=${day(now - 14 * 86_400_000)}&to=${day(now)}`, admin);
    expect(res.body.code).toBe(200);
    const { days, pageViews, ads } = res.body.data;
    expect(days).toHaveLength(15);
    // Yesterday and the 13 days before it have visits; today has none yet.
    for (const n of pageViews.slice(1, 14)) expect(n).toBeGreaterThan(0);
    expect(pageViews[14]).toBe(0);
    expect(ads.length).toBeGreaterThanOrEqual(4);
    for (const slot of ads) {
      expect(slot.impressions.slice(1, 14).every((n) => n > 0)).toBe(true);
      expect(slot.clicks.reduce((a, b) => a + b, 0)).toBeLessThan(
        slot.impressions.reduce((a, b) => a + b, 0),
      );
    }
  });

  it('is for admins, and checks the range', async () => {
    const editor = await rt.tokenFor('13800138004');
    expect(
      (await rt.get('/api/admin/dashboard?from=2025-01-10&to=2025-01-12', editor)).body.code,
    ).toBe(403);
    expect(
      (await rt.get('/api/admin/dashboard?from=2025-01-01&to=2025-06-01', admin)).body,
    ).toEqual({
      code: 400,
      message: '最多查看92天的数据',
      data: null,
    });
    expect(
      (await rt.get('/api/admin/dashboard?from=2025-02-30&to=2025-03-01', admin)).body.code,
    ).toBe(400);
  });
});

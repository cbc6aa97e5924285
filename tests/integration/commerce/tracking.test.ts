/**
 * Courier steps that follow the shipping time and the route (issue 24, demo
 * media): the demo's local Kuaidi100 answers, for each shipped order, steps
 * that start when it was shipped, go forward, never lie ahead of the clock,
 * and run from the warehouse city (深圳市) to the address city, as the member
 * sees them on the order page (/api/order/getExpressInfo).
 */
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSE } from '../../../src/server/providers/courier/fake-kuaidi100.ts';
import { kuaidi100 } from '../../../src/server/providers/courier/kuaidi100.ts';
import { setProviders } from '../../../src/server/providers/registry.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let server: ReturnType<typeof serve>;
let admin = '';

interface Steps {
  deliveryStr: string;
  steps: { time: string; context: string; location: string | null }[];
}

beforeAll(async () => {
  rt = await createTestRuntime();
  const fake = rt.deps.providers.devCourier!;
  const base = await new Promise<string>((resolve) => {
    server = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  // The demo wiring (the fake reads the shop's shipped orders), reached over HTTP as in demo mode.
  setProviders(rt.deps, {
    courier: kuaidi100({
      baseUrl: base,
      customer: 'DEMO0000000000000000000000000001',
      key: 'demoKuaidi100Key',
    }),
  });
  admin = (await codeLogin(rt, DEMO.admin)).token;
});

afterAll(async () => {
  server?.close();
  await rt?.close();
});

async function ownerToken(userId: number): Promise<string> {
  const u = await rt.db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return rt.tokenFor(u.mobile!);
}

/** Oldest first, checked against the order: after shipping, forward, not ahead of now. */
function checkSteps(data: Steps, shippedAt: string): Steps['steps'] {
  const steps = [...data.steps].reverse();
  expect(steps.length).toBeGreaterThan(0);
  const times = steps.map((s) => Date.parse(s.time));
  // In the second it was shipped or later (the courier's time text has whole seconds).
  expect(times[0]).toBeGreaterThanOrEqual(Math.floor(Date.parse(shippedAt) / 1000) * 1000);
  for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
  expect(times.at(-1)).toBeLessThanOrEqual(rt.clock.now().getTime());
  expect(steps[0]!.context).toContain(`【${DEMO_WAREHOUSE.city}】`);
  expect(steps[0]!.context).toContain('已收取快件');
  return steps;
}

describe('courier steps of the demo', () => {
  it('every seeded shipped order: from 深圳市 after shipped_at to its address city, signed', async () => {
    const shipped = await rt.db
      .selectFrom('orders')
      .select(['order_no', 'user_id', 'shipped_at', 'address', 'express_number'])
      .where('express_number', 'is not', null)
      .execute();
    expect(shipped.length).toBeGreaterThan(0);
    for (const o of shipped) {
      expect(o.shipped_at).not.toBeNull();
      const city = (JSON.parse(o.address!) as { city: string }).city;
      const res = await call<Steps>(rt, '/api/order/getExpressInfo', {
        json: { orderNo: o.order_no },
        token: await ownerToken(o.user_id),
      });
      expect(res.body.code).toBe(200);
      const steps = checkSteps(res.body.data, o.shipped_at!);
      expect(city).not.toBe(DEMO_WAREHOUSE.city);
      expect(steps.some((s) => s.context.includes('准备发往'))).toBe(true);
      expect(steps.at(-1)!.context).toContain(`【${city}】`);
      expect(steps.at(-1)!.context).toContain('已签收');
    }
  });

  it('an order shipped now shows only the pick-up, and more steps as time passes, never ahead', async () => {
    const kit = await rt.db
      .selectFrom('orders')
      .select(['order_no', 'user_id', 'address'])
      .where('status', '=', 2)
      .where('address', 'is not', null)
      .where('express_number', 'is', null)
      .executeTakeFirstOrThrow();
    const city = (JSON.parse(kit.address!) as { city: string }).city;
    const shipped = await call(rt, '/api/admin/order/ship', {
      json: { orderNo: kit.order_no, expressCode: 'zhongtong', expressNumber: '78312345670042' },
      token: admin,
    });
    expect(shipped.body.message).toBe('已发货');
    const { shipped_at } = await rt.db
      .selectFrom('orders')
      .select('shipped_at')
      .where('order_no', '=', kit.order_no)
      .executeTakeFirstOrThrow();
    const token = await ownerToken(kit.user_id);
    const first = await call<Steps>(rt, '/api/order/getExpressInfo', {
      json: { orderNo: kit.order_no },
      token,
    });
    const early = checkSteps(first.body.data, shipped_at!);
    expect(early).toHaveLength(1);
    expect(early[0]!.context).toContain('中通快递');
    rt.clock.advance(5 * 3600_000);
    const later = await call<Steps>(rt, '/api/order/getExpressInfo', {
      json: { orderNo: kit.order_no },
      token,
    });
    const mid = checkSteps(later.body.data, shipped_at!);
    expect(mid.length).toBeGreaterThan(1);
    expect(mid.at(-1)!.context).not.toContain('已签收');
    rt.clock.advance(2 * 24 * 3600_000);
    const end = await call<Steps>(rt, '/api/order/getExpressInfo', {
      json: { orderNo: kit.order_no },
      token,
    });
    const all = checkSteps(end.body.data, shipped_at!);
    expect(all.at(-1)!.context).toMatch(new RegExp(`^【${city}】快件已签收`));
  });
  it('a courier that cannot be asked, or has no steps yet, is asked again a minute later, not 30', async () => {
    const kit = await rt.db
      .selectFrom('orders')
      .select(['order_no', 'user_id'])
      .where('status', '=', 2)
      .where('address', 'is not', null)
      .where('express_number', 'is', null)
      .executeTakeFirst();
    // The demo has one kit awaiting shipment; the test above shipped it, so make another.
    const order =
      kit ??
      (await rt.db
        .selectFrom('orders')
        .select(['order_no', 'user_id'])
        .where('status', '=', 2)
        .where('address', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow());
    await rt.db
      .updateTable('orders')
      .set({ express_number: null, express_code: null, express_name: null, shipped_at: null })
      .where('order_no', '=', order.order_no)
      .execute();
    const working = rt.deps.providers.courier;
    // The courier's address refuses connections.
    setProviders(rt.deps, {
      courier: kuaidi100({
        baseUrl: 'http://127.0.0.1:9',
        customer: 'DEMO0000000000000000000000000001',
        key: 'demoKuaidi100Key',
      }),
    });
    await call(rt, '/api/admin/order/ship', {
      json: { orderNo: order.order_no, expressCode: 'yuantong', expressNumber: 'YT7712345678901' },
      token: admin,
    });
    const token = await ownerToken(order.user_id);
    const view = () =>
      call<Steps & { notice: string | null }>(rt, '/api/order/getExpressInfo', {
        json: { orderNo: order.order_no },
        token,
      });
    expect((await view()).body.data).toMatchObject({
      steps: [],
      notice: '物流信息暂时无法查询，请稍后再试',
    });
    setProviders(rt.deps, { courier: working });
    // Within the minute the failed answer stands (no one hammers the courier) …
    rt.clock.advance(30_000);
    expect((await view()).body.data.notice).toBe('物流信息暂时无法查询，请稍后再试');
    // … and after it the courier is asked again: the pick-up is there.
    rt.clock.advance(31_000);
    const again = (await view()).body.data;
    expect(again.notice).toBeNull();
    expect(again.steps.at(-1)!.context).toContain('圆通速递 已收取快件');
  });

  it('Kuaidi100’s 查询无结果 is no steps yet, not a failure', async () => {
    const none = await rt.deps.providers.courier.track({
      companyCode: 'yuantong',
      trackingNumber: 'YT1',
      phone: '',
    });
    expect(none.steps).toEqual([]);
  });
});

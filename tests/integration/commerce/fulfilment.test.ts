/**
 * After payment (issue 11) on SQLite and PostgreSQL: redemption codes (one
 * success of 20 parallel attempts, clear messages, attempt limits, a
 * zero-amount order per grant), shipping a kit with a courier and tracking it
 * through the Kuaidi100 adapter (asked once per 30 minutes per waybill, even
 * by parallel viewers), and an admin refund that revokes the entitlement.
 */
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeKuaidi100,
  type FakeKuaidi100,
} from '../../../src/server/providers/courier/fake-kuaidi100.ts';
import { kuaidi100, kuaidi100Sign } from '../../../src/server/providers/courier/kuaidi100.ts';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from '../../../src/server/providers/payment/fake-wechatpay.ts';
import { wechatPayV3 } from '../../../src/server/providers/payment/wechatpay-v3.ts';
import { alipay } from '../../../src/server/providers/payment/alipay.ts';
import {
  createFakeAlipay,
  demoAlipayApp,
  fakeAlipayConfig,
  type FakeAlipay,
} from '../../../src/server/providers/payment/fake-alipay.ts';
import { setProviders } from '../../../src/server/providers/registry.ts';
import {
  groupCode,
  newRedemptionCode,
  normalizeCode,
} from '../../../src/server/services/commerce/index.ts';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let courier: FakeKuaidi100;
let wxpay: FakeWechatPay;
const servers: ReturnType<typeof serve>[] = [];
let alipayFake: FakeAlipay;
let admin = '';
let courierBase = '';
let member = '';

async function listen(fetch: (r: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    servers.push(
      serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      ),
    );
  });
}

beforeAll(async () => {
  rt = await createTestRuntime();
  courier = createFakeKuaidi100({ customer: 'CUST1', key: 'KEY1' });
  courierBase = await listen(courier.app.fetch);
  const demo = demoWechatMerchant();
  let payBase = '';
  wxpay = createFakeWechatPay({
    merchants: [demo.merchant],
    publicBase: () => payBase,
    retryDelaysMs: [0],
  });
  payBase = await listen(wxpay.app.fetch);
  // The app itself answers the platform's notifications.
  const appBase = await listen(rt.app.fetch);
  const aliDemo = demoAlipayApp();
  alipayFake = createFakeAlipay({ apps: [aliDemo.app], retryDelaysMs: [0] });
  const aliGateway = `${await listen(alipayFake.app.fetch)}/gateway.do`;
  setProviders(rt.deps, {
    courier: kuaidi100({ baseUrl: courierBase, customer: 'CUST1', key: 'KEY1' }),
    pay: {
      methods: {
        wechat: wechatPayV3(fakeClientConfig(wxpay, demo, payBase)),
        alipay: alipay(fakeAlipayConfig(alipayFake, aliDemo, aliGateway)),
      },
      notifyBase: appBase,
    },
  });
  admin = (await codeLogin(rt, DEMO.admin)).token;
  member = (await codeLogin(rt, '13800138003')).token;
});

afterAll(async () => {
  for (const s of servers) s.close();
  await rt?.close();
});

const courseId = async (title: string) =>
  (
    await rt.deps.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', `${title}%`)
      .executeTakeFirstOrThrow()
  ).id;

describe('redemption codes', () => {
  it('are 16 characters of 80 bits, read in groups, forgiving of case and look-alikes', () => {
    const codes = new Set(Array.from({ length: 2000 }, newRedemptionCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(groupCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normalizeCode(' abcd-efgh ijkl-mnop ')).toBe('ABCDEFGH1JK1MN0P');
  });

  it('unlock a course for exactly one of 20 parallel attempts, through a zero-amount order', async () => {
    const id = await courseId('STM32F103 从零到项目');
    const made = await call<{ batch: string; codes: string[] }>(rt, '/api/admin/redemption/batch', {
      json: { courseId: id, count: 2, validDays: 30 },
      token: admin,
    });
    expect(made.body.code).toBe(200);
    const [code] = made.body.data.codes;
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const tokens = await Promise.all(
      ['13900000001', '13900000002', '13900000003', '13900000004'].map(
        async (m) => (await codeLogin(rt, m)).token,
      ),
    );
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(rt, '/api/redemption/redeem', {
          json: { code: code!.toLowerCase() },
          token: tokens[i % tokens.length],
          ip: `10.9.0.${i}`,
        }),
      ),
    );
    const ok = tries.filter((t) => t.body.code === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.message).toBe('兑换成功，课程已开通');
    // Everyone else hears the code is used; the winner's own parallel tries may hear they own the course.
    const winner = tries.indexOf(ok[0]!) % tokens.length;
    tries.forEach((t, i) => {
      if (t === ok[0]) return;
      const allowed =
        i % tokens.length === winner
          ? ['该兑换码已被使用', '您已拥有该课程，无需兑换']
          : ['该兑换码已被使用'];
      expect(allowed).toContain(t.body.message);
    });
    const row = await rt.deps.db
      .selectFrom('redemption_codes')
      .select(['used_by', 'order_id'])
      .where('code', '=', normalizeCode(code!))
      .executeTakeFirstOrThrow();
    const order = await rt.deps.db
      .selectFrom('orders')
      .select(['amount_cents', 'status', 'source', 'user_id'])
      .where('id', '=', row.order_id!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      amount_cents: 0,
      status: 1,
      source: 'redemption',
      user_id: row.used_by,
    });
    expect(
      await rt.deps.db
        .selectFrom('entitlements')
        .select('id')
        .where('order_id', '=', row.order_id!)
        .execute(),
    ).toHaveLength(1);
  });

  it('say why a code cannot be used, and limit attempts per member', async () => {
    const id = await courseId('LoRa');
    const made = await call<{ batch: string; codes: string[] }>(rt, '/api/admin/redemption/batch', {
      json: { courseId: id, count: 2, validDays: 1 },
      token: admin,
    });
    const [expiring, voided] = made.body.data.codes;
    const fresh = (await codeLogin(rt, '13900000011')).token;
    const redeem = (code: string, token = fresh) =>
      call(rt, '/api/redemption/redeem', { json: { code }, token });
    expect((await redeem('ZZZZ-ZZZZ-ZZZZ-ZZZZ')).body.message).toBe(
      '兑换码不存在，请检查后重新输入',
    );
    await call(rt, '/api/admin/redemption/void', { json: { code: voided }, token: admin });
    expect((await redeem(voided!)).body.message).toBe('该兑换码已作废');
    rt.clock.advance(2 * 86_400_000);
    expect((await redeem(expiring!)).body.message).toBe('该兑换码已过期');
    // Member 3 owns LoRa already (the demo's used code): the code is kept for someone else.
    const unused = (
      await call<{ codes: string[] }>(rt, '/api/admin/redemption/batch', {
        json: { courseId: id, count: 1 },
        token: admin,
      })
    ).body.data.codes[0]!;
    expect((await redeem(unused, member)).body.message).toBe('您已拥有该课程，无需兑换');
    for (let i = 0; i < 10; i++) await redeem('ZZZZ-ZZZZ-ZZZZ-ZZZ0');
    expect((await redeem(unused)).body.message).toBe('兑换尝试过于频繁，请 1 小时后再试');
    const visitor = await call(rt, '/api/redemption/redeem', { json: { code: unused } });
    expect(visitor.body.code).toBe(401);
  });
});

describe('deliveries', () => {
  it('ship a paid kit order; the member sees 已发货 and the courier steps, asked once per 30 minutes', async () => {
    const kit = await rt.deps.db
      .selectFrom('orders')
      .select(['order_no', 'user_id'])
      .where('status', '=', 2)
      .where('express_number', 'is', null)
      .executeTakeFirstOrThrow();
    const owner = (await codeLogin(rt, '13800138002')).token;
    const before = await call<{ deliveryStr: string; steps: unknown[] }>(
      rt,
      '/api/order/getExpressInfo',
      {
        json: { orderNo: kit.order_no },
        token: owner,
      },
    );
    expect(before.body.data).toMatchObject({ deliveryStr: '待发货', steps: [] });
    const refused = await call(rt, '/api/admin/order/ship', {
      json: { orderNo: kit.order_no, expressCode: 'shunfeng', expressNumber: 'SF1402837465999' },
      token: owner,
    });
    expect(refused.body.code).toBe(403);
    const bad = await call(rt, '/api/admin/order/ship', {
      json: { orderNo: kit.order_no, expressCode: 'nope', expressNumber: 'SF1402837465999' },
      token: admin,
    });
    expect(bad.body.message).toBe('请选择快递公司');
    const shipped = await call(rt, '/api/admin/order/ship', {
      json: { orderNo: kit.order_no, expressCode: 'shunfeng', expressNumber: 'SF1402837465999' },
      token: admin,
    });
    expect(shipped.body.message).toBe('已发货');
    const asked = courier.queries.length;
    const views = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<{ deliveryStr: string; steps: { context: string }[] }>(
          rt,
          '/api/order/getExpressInfo',
          {
            json: { orderNo: kit.order_no },
            token: owner,
          },
        ),
      ),
    );
    expect(courier.queries.length - asked).toBe(1);
    for (const v of views) expect(v.body.data.deliveryStr).toBe('已发货 顺丰速运 SF1402837465999');
    const after = await call<{ steps: { context: string }[] }>(rt, '/api/order/getExpressInfo', {
      json: { orderNo: kit.order_no },
      token: owner,
    });
    expect(after.body.data.steps.at(-1)!.context).toContain('已收取快件');
    rt.clock.advance(31 * 60_000);
    await call(rt, '/api/order/getExpressInfo', { json: { orderNo: kit.order_no }, token: owner });
    expect(courier.queries.length - asked).toBe(2);
    const events = await rt.deps.db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.type', 'e.actor'])
      .where('o.order_no', '=', kit.order_no)
      .where('e.type', '=', 'shipped')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toMatch(/^admin:\d+$/);
  });

  it('signs Kuaidi100 queries as documented, and the courier refuses a wrong signature', async () => {
    expect(kuaidi100Sign('{"com":"shunfeng"}', 'KEY1', 'CUST1')).toMatch(/^[0-9A-F]{32}$/);
    const wrong = kuaidi100({ baseUrl: courierBase, customer: 'CUST1', key: 'OTHER' });
    await expect(
      wrong.track({ companyCode: 'shunfeng', trackingNumber: 'SF1402837465999', phone: '0002' }),
    ).rejects.toThrow('签名错误');
    const right = kuaidi100({ baseUrl: courierBase, customer: 'CUST1', key: 'KEY1' });
    await expect(
      right.track({ companyCode: 'nope', trackingNumber: 'SF1402837465999', phone: '0002' }),
    ).rejects.toThrow('找不到对应公司');
  });
});

describe('Alipay', () => {
  it('pays an order through page pay; the signed form notification reaches the app and fulfils it', async () => {
    const id = await courseId('STM32F103 从零到项目');
    const buyer = (await codeLogin(rt, '13900000031')).token;
    const { orderNo } = (
      await call<{ orderNo: string }>(rt, '/api/order/create', {
        json: { courseId: id, termsVersion: PURCHASE_TERMS_VERSION },
        token: buyer,
      })
    ).body.data;
    const pay = await call<{ start: { kind: string; url: string } }>(rt, '/api/order/pay', {
      json: { orderNo, method: 'alipay', channel: 'page' },
      token: buyer,
    });
    expect(pay.body.data.start.kind).toBe('redirect');
    const url = pay.body.data.start.url;
    const params = new URL(url).searchParams;
    expect(params.get('return_url')).toContain(`/checkout?orderNo=${orderNo}`);
    expect(params.get('notify_url')).toMatch(/\/api\/pay\/notify\/alipay$/);
    expect(await (await fetch(url)).text()).toContain('确认支付');
    const outTradeNo = JSON.parse(params.get('biz_content')!).out_trade_no as string;
    await fetch(new URL('confirm', url), {
      method: 'POST',
      body: new URLSearchParams({ out_trade_no: outTradeNo }),
    });
    await alipayFake.idle();
    expect(alipayFake.sent.at(-1)).toEqual({ outTradeNo, answer: 'success' });
    const order = await rt.deps.db
      .selectFrom('orders')
      .select('status')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(1);
    const records = await call<{ list: { orderNo: string; provider: string }[] }>(
      rt,
      '/api/user/payRecord',
      {
        token: buyer,
      },
    );
    expect(records.body.data.list[0]).toMatchObject({ orderNo, provider: 'alipay' });
  });
});

describe('a paid course’s live broadcast and material', () => {
  it('open only to members entitled to the course; others are sent to buy it', async () => {
    const buckId = await courseId('Buck 变换器设计与环路补偿实战');
    const live = await rt.deps.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('course_id', '=', buckId)
      .executeTakeFirstOrThrow();
    const sheet = await rt.deps.db
      .selectFrom('resources')
      .select(['id', 'file_url', 'download_count'])
      .where('course_id', '=', buckId)
      .executeTakeFirstOrThrow();
    const buyer = await codeLogin(rt, '13900000041');
    const token = buyer.token;
    const userId = (
      await rt.deps.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', '13900000041')
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await call(rt, `/api/live_broadcast/play/${live.id}`, { token });
    expect(refused.body).toMatchObject({
      code: 403,
      message: '本场直播属于付费直播课，购买课程后即可观看',
    });
    for (const who of [null, userId]) {
      const res = await downloadResponse(rt.deps, sheet.id, who);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/checkout?courseId=${buckId}`);
    }
    const counted = await rt.deps.db
      .selectFrom('resources')
      .select('download_count')
      .where('id', '=', sheet.id)
      .executeTakeFirstOrThrow();
    expect(counted.download_count).toBe(sheet.download_count);
    const code = (
      await call<{ codes: string[] }>(rt, '/api/admin/redemption/batch', {
        json: { courseId: buckId, count: 1 },
        token: admin,
      })
    ).body.data.codes[0]!;
    expect((await call(rt, '/api/redemption/redeem', { json: { code }, token })).body.code).toBe(
      200,
    );
    const play = await call<{ play: { streamUrl: string | null; embedUrl: string | null } }>(
      rt,
      `/api/live_broadcast/play/${live.id}`,
      { token },
    );
    expect(play.body.code).toBe(200);
    expect(play.body.data.play.streamUrl ?? play.body.data.play.embedUrl).toBeTruthy();
    const file = await downloadResponse(rt.deps, sheet.id, userId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="loop-compensation-calculator\.xlsx"/,
    );
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('refunds', () => {
  it('refund a paid order once, and the lessons lock again', async () => {
    const id = await courseId('嵌入式系统设计师');
    const buyer = (await codeLogin(rt, '13900000021')).token;
    const { orderNo } = (
      await call<{ orderNo: string }>(rt, '/api/order/create', {
        json: { courseId: id, termsVersion: PURCHASE_TERMS_VERSION },
        token: buyer,
      })
    ).body.data;
    const pay = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
      json: { orderNo, method: 'wechat', channel: 'native' },
      token: buyer,
    });
    await wxpay.pay(pay.body.data.outTradeNo);
    await wxpay.idle();
    const status = await call<{ status: number }>(rt, `/api/order/status?orderNo=${orderNo}`, {
      token: buyer,
    });
    expect(status.body.data.status).toBe(1);
    const twice = await Promise.all(
      [1, 2].map(() =>
        call(rt, '/api/admin/order/refund', {
          json: { orderNo, reason: '用户申请退款' },
          token: admin,
        }),
      ),
    );
    expect(twice.map((t) => t.body.message).sort()).toEqual(
      ['该订单正在退款中', '退款成功'].sort(),
    );
    const order = await rt.deps.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(4);
    const grant = await rt.deps.db
      .selectFrom('entitlements')
      .select('revoked_at')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(grant.revoked_at).not.toBeNull();
    const detail = await call<{ detail: { lessons: { locked: boolean }[] } }>(
      rt,
      `/api/course/detail/${id}`,
      {
        token: buyer,
      },
    );
    expect(detail.body.data.detail.lessons.some((l) => l.locked)).toBe(true);
  });
});

/**
 * Buying a paid course (issue 11) on SQLite and PostgreSQL: idempotent
 * checkout under parallel requests, paying through the WeChat Pay v3 client
 * against the local platform, fulfilment only by a verified notification or
 * query, exactly once under 20 parallel copies of the notification; forged
 * and mismatching notifications change nothing and are recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { ORDER_COURSE_TYPE } from '../../../src/shared/constants.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from '../../../src/server/providers/payment/fake-wechatpay.ts';
import { wechatPayV3 } from '../../../src/server/providers/payment/wechatpay-v3.ts';
import { setProviders } from '../../../src/server/providers/registry.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let fake: FakeWechatPay;
let platform: ReturnType<typeof serve>;
let capture: Server;
let captureBase = '';
const captured: { headers: Record<string, string | undefined>; body: string }[] = [];
let token = '';
let courseId = 0;

interface LessonView {
  locked: boolean;
  videoUrl: string | null;
}

beforeAll(async () => {
  rt = await createTestRuntime();
  const demo = demoWechatMerchant();
  let base = '';
  fake = createFakeWechatPay({
    merchants: [demo.merchant],
    publicBase: () => base,
    retryDelaysMs: [0],
  });
  await new Promise<void>((resolve) => {
    platform = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  // Where the platform posts: a recorder; the tests hand the notifications to the app themselves.
  capture = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      captured.push({ headers: req.headers as Record<string, string | undefined>, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => capture.listen(0, '127.0.0.1', r));
  captureBase = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
  setProviders(rt.deps, {
    pay: {
      methods: { wechat: wechatPayV3(fakeClientConfig(fake, demo, base)) },
      notifyBase: captureBase,
    },
  });
  token = (await codeLogin(rt, '13800138002')).token;
  const course = await rt.deps.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', 'STM32F103 从零到项目%')
    .executeTakeFirstOrThrow();
  courseId = course.id;
});

afterAll(async () => {
  platform?.close();
  await new Promise((r) => capture?.close(r));
  await rt?.close();
});

const create = () =>
  call<{ orderNo: string; amountCents: number; status: number }>(rt, '/api/order/create', {
    json: { courseId, termsVersion: PURCHASE_TERMS_VERSION },
    token,
  });

const lessons = async () =>
  (
    await call<{ detail: { lessons: LessonView[] } }>(rt, `/api/course/detail/${courseId}`, {
      token,
    })
  ).body.data.detail.lessons;

/** The notification the platform sent for an attempt. */
async function notificationFor(outTradeNo: string) {
  await fake.idle();
  const found = captured.find((n) => n.body && fake.sent.some((s) => s.outTradeNo === outTradeNo));
  expect(found).toBeDefined();
  return captured.at(-1)!;
}

const notify = (n: { headers: Record<string, string | undefined>; body: string }) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const k of [
    'wechatpay-timestamp',
    'wechatpay-nonce',
    'wechatpay-signature',
    'wechatpay-serial',
  ])
    headers[k] = n.headers[k]!;
  return rt.app.request('/api/pay/notify/wechat', { method: 'POST', headers, body: n.body });
};

describe('checkout', () => {
  it('refuses outdated terms, free and unknown courses with clear messages', async () => {
    const old = await call(rt, '/api/order/create', {
      json: { courseId, termsVersion: '2020-01-01' },
      token,
    });
    expect(old.body.message).toBe('购买条款已更新，请刷新页面后重新阅读并确认');
    const missing = await call(rt, '/api/order/create', {
      json: { courseId: 999999, termsVersion: PURCHASE_TERMS_VERSION },
      token,
    });
    expect(missing.body.message).toBe('课程不存在或已下线');
    const visitor = await call(rt, '/api/order/create', {
      json: { courseId, termsVersion: PURCHASE_TERMS_VERSION },
    });
    expect(visitor.body.code).toBe(401);
  });

  it('gives one unpaid order for 10 parallel checkouts of the same course', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, create));
    const numbers = new Set(answers.map((a) => a.body.data.orderNo));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const rows = await rt.deps.db
      .selectFrom('orders')
      .select(['order_no', 'status', 'terms_version', 'amount_cents'])
      .where('course_id', '=', courseId)
      .where('status', '=', 0)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 0, terms_version: PURCHASE_TERMS_VERSION });
  });
});

describe('paying', () => {
  it('unlocks the lessons only after the verified notification, once under 20 parallel copies', async () => {
    const { orderNo, amountCents } = (await create()).body.data;
    expect((await lessons()).some((l) => l.locked && l.videoUrl === null)).toBe(true);
    const pay = await call<{ outTradeNo: string; start: { kind: string; codeUrl: string } }>(
      rt,
      '/api/order/pay',
      { json: { orderNo, method: 'wechat', channel: 'native' }, token },
    );
    expect(pay.body.code).toBe(200);
    expect(pay.body.data.start.kind).toBe('qr');
    const { outTradeNo } = pay.body.data;
    // The browser coming back says nothing: still unpaid, still locked.
    expect(
      (await call<{ status: number }>(rt, `/api/order/detail?orderNo=${orderNo}`, { token })).body
        .data.status,
    ).toBe(0);
    await fake.pay(outTradeNo);
    const note = await notificationFor(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(note)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    const outcomes = await rt.deps.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', outTradeNo)
      .execute();
    expect(outcomes.filter((o) => o.outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(19);
    const order = await rt.deps.db
      .selectFrom('orders')
      .select(['id', 'status', 'paid_at'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(1);
    const grants = await rt.deps.db
      .selectFrom('entitlements')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(grants).toHaveLength(1);
    const events = await rt.deps.db
      .selectFrom('order_events')
      .select('type')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['created', 'payment_started', 'paid']);
    expect((await lessons()).every((l) => !l.locked && l.videoUrl)).toBe(true);
    const records = await call<{ list: { orderNo: string; amountCents: number }[]; total: number }>(
      rt,
      '/api/user/payRecord',
      { token },
    );
    expect(records.body.data.list[0]).toMatchObject({ orderNo, amountCents });
    expect(records.body.data.total).toBeGreaterThanOrEqual(amountCents);
    const again = await create();
    expect(again.body.message).toBe('您已购买该课程，可直接学习');
  });

  it('refuses a tampered or mismatching notification, recording it, and changes nothing', async () => {
    const kit = await rt.deps.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', '硬件工程师面试%')
      .executeTakeFirstOrThrow();
    const made = await call<{ orderNo: string }>(rt, '/api/order/create', {
      json: { courseId: kit.id, termsVersion: PURCHASE_TERMS_VERSION },
      token,
    });
    const { orderNo } = made.body.data;
    const pay = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
      json: { orderNo, method: 'wechat', channel: 'native' },
      token,
    });
    const { outTradeNo } = pay.body.data;
    await fake.pay(outTradeNo);
    const note = await notificationFor(outTradeNo);
    const tampered = await notify({ ...note, body: note.body.replace('"支付成功"', '"已支付"') });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ code: 'FAIL', message: '失败' });
    // Our attempt said 1 fen less than the platform reports: refused by amount.
    await rt.deps.db
      .updateTable('pay_records')
      .set((eb) => ({ amount_cents: eb('amount_cents', '-', 1) }))
      .where('out_trade_no', '=', outTradeNo)
      .execute();
    expect((await notify(note)).status).toBe(400);
    const order = await rt.deps.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(0);
    const rejected = await rt.deps.db
      .selectFrom('payment_notifications')
      .select(['outcome', 'reason'])
      .where('outcome', '=', 'rejected')
      .orderBy('id')
      .execute();
    expect(rejected.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['微信支付签名验证失败', '金额不符']),
    );
    expect(
      await rt.deps.db
        .selectFrom('entitlements')
        .select('id')
        .where('order_id', '=', order.id)
        .execute(),
    ).toHaveLength(0);
  });

  it('confirms a payment by asking the platform when the notification never came', async () => {
    const course = await rt.deps.db
      .selectFrom('courses')
      .select('id')
      .where('price_cents', '>', 0)
      .where('title', 'like', '嵌入式系统设计师%')
      .executeTakeFirstOrThrow();
    const { orderNo } = (
      await call<{ orderNo: string }>(rt, '/api/order/create', {
        json: { courseId: course.id, termsVersion: PURCHASE_TERMS_VERSION },
        token,
      })
    ).body.data;
    const pay = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
      json: { orderNo, method: 'wechat', channel: 'h5' },
      token,
    });
    await fake.pay(pay.body.data.outTradeNo);
    await fake.idle();
    const status = await call<{ status: number }>(rt, `/api/order/status?orderNo=${orderNo}`, {
      token,
    });
    expect(status.body.data.status).toBe(1);
  });

  it('closes an unpaid order by its order.expire job once its 30 minutes are up', async () => {
    const course = await rt.deps.db
      .selectFrom('courses')
      .select('id')
      .where('price_cents', '>', 0)
      .where('title', 'not like', 'STM32F103 从零到项目%')
      .where('title', 'not like', 'LoRa%')
      .where('type', '!=', ORDER_COURSE_TYPE)
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = await call<{ orderNo: string }>(rt, '/api/order/create', {
      json: { courseId: course.id, termsVersion: PURCHASE_TERMS_VERSION },
      token,
    });
    expect(made.body.code, made.body.message).toBe(200);
    const order = () =>
      rt.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('order_no', '=', made.body.data.orderNo)
        .executeTakeFirstOrThrow();
    const job = await rt.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('kind', '=', 'order.expire')
      .where('dedupe_key', '=', `order-expire:${(await order()).id}`)
      .executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at) - rt.clock.now().getTime()).toBe(30 * 60_000);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect((await order()).status).toBe(ORDER_STATUS.unpaid);
    rt.clock.advance(30 * 60_000 + 1000);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect((await order()).status).toBe(ORDER_STATUS.closed);
    const events = await rt.db
      .selectFrom('order_events')
      .select('type')
      .where('order_id', '=', (await order()).id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['created', 'expired']);
  });

  it('cancels an unpaid order, after which it cannot be paid; closes it after 30 minutes', async () => {
    const free = await rt.deps.db
      .selectFrom('courses')
      .select('id')
      .where('price_cents', '>', 0)
      .where('title', 'like', 'LoRa%')
      .executeTakeFirstOrThrow();
    const open = async () =>
      (
        await call<{ orderNo: string }>(rt, '/api/order/create', {
          json: { courseId: free.id, termsVersion: PURCHASE_TERMS_VERSION },
          token,
        })
      ).body.data.orderNo;
    const first = await open();
    const cancelled = await call(rt, '/api/order/cancel', { json: { orderNo: first }, token });
    expect(cancelled.body.message).toBe('订单已取消');
    const payCancelled = await call(rt, '/api/order/pay', {
      json: { orderNo: first, method: 'wechat', channel: 'native' },
      token,
    });
    expect(payCancelled.body.message).toBe('该订单已支付或已关闭，无法支付');
    const second = await open();
    expect(second).not.toBe(first);
    rt.clock.advance(31 * 60_000);
    const late = await call(rt, '/api/order/pay', {
      json: { orderNo: second, method: 'wechat', channel: 'native' },
      token,
    });
    expect(late.body.message).toBe('订单已超时关闭，请重新下单');
    const tabs = await call<{ type: number; count: number }[]>(rt, '/api/order/category', {
      token,
    });
    expect(tabs.body.data.find((t) => t.type === 3)!.count).toBeGreaterThanOrEqual(2);
  });
});

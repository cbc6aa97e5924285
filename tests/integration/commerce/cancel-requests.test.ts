/**
 * 申请取消 of a paid kit (issue 27) on SQLite and PostgreSQL, paid through the
 * WeChat Pay adapter against its fake platform: the member's request with a
 * reason and its refusals; staff approve it (refunded through the platform,
 * once) or refuse it with a reason; parallel approve, refuse and ship have one
 * winner, and so do a request and a shipment racing; the member reads each
 * step in 我的订单 and 我的消息, and each staff decision is in the audit log.
 */
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from '../../../src/server/providers/payment/fake-wechatpay.ts';
import { wechatPayV3 } from '../../../src/server/providers/payment/wechatpay-v3.ts';
import { setProviders } from '../../../src/server/providers/registry.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let wxpay: FakeWechatPay;
const servers: ReturnType<typeof serve>[] = [];
let admin = '';
let phoneSeq = 0;

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
  const demo = demoWechatMerchant();
  let payBase = '';
  wxpay = createFakeWechatPay({
    merchants: [demo.merchant],
    publicBase: () => payBase,
    retryDelaysMs: [0],
  });
  payBase = await listen(wxpay.app.fetch);
  const appBase = await listen(rt.app.fetch);
  setProviders(rt.deps, {
    pay: {
      methods: { wechat: wechatPayV3(fakeClientConfig(wxpay, demo, payBase)) },
      notifyBase: appBase,
    },
  });
  admin = (await codeLogin(rt, DEMO.admin)).token;
});

afterAll(async () => {
  for (const s of servers) s.close();
  await rt?.close();
});

const courseId = async (title: string) =>
  (
    await rt.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', `${title}%`)
      .executeTakeFirstOrThrow()
  ).id;

const ADDRESS = {
  name: '李明',
  mobile: '13912345678',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detail: '科技园南区 8 栋 501',
};

/** A new member who bought and paid the kit: their token and order number. */
async function paidKit(): Promise<{ token: string; orderNo: string; userId: number }> {
  const mobile = `1390000${String(3100 + ++phoneSeq)}`;
  const { token } = await codeLogin(rt, mobile);
  const made = await call<{ orderNo: string }>(rt, '/api/order/create', {
    json: {
      courseId: await courseId('STM32F103 开发板套件'),
      termsVersion: PURCHASE_TERMS_VERSION,
      address: ADDRESS,
    },
    token,
  });
  expect(made.body.code, made.body.message).toBe(200);
  const { orderNo } = made.body.data;
  const pay = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
    json: { orderNo, method: 'wechat', channel: 'native' },
    token,
  });
  await wxpay.pay(pay.body.data.outTradeNo);
  await wxpay.idle();
  const status = await call<{ status: number }>(rt, `/api/order/status?orderNo=${orderNo}`, {
    token,
  });
  expect(status.body.data.status).toBe(2);
  return { token, orderNo, userId: await rt.userId(mobile) };
}

interface Item {
  orderNo: string;
  status: number;
  cancelState: string | null;
  cancelRefusal: string | null;
  deliveryStr: string;
}

const myOrder = async (token: string, orderNo: string) =>
  (await call<Item[]>(rt, '/api/user/order', { token })).body.data.find(
    (o) => o.orderNo === orderNo,
  )!;

const inbox = async (userId: number) =>
  (
    await rt.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((n) => `${n.title}|${n.content}`);

const ship = (orderNo: string, n: number) =>
  call(rt, '/api/admin/order/ship', {
    json: { orderNo, expressCode: 'shunfeng', expressNumber: `SF90000000${n}` },
    token: admin,
  });

describe('申请取消', () => {
  it('is refused with its own message where it does not apply, and asks for a reason', async () => {
    const { token, orderNo } = await paidKit();
    const ask = (no: string, reason = '买错了型号', t = token) =>
      call(rt, '/api/order/cancelRequest', { json: { orderNo: no, reason }, token: t });
    expect((await ask(orderNo, '  ')).body.message).toBe('请填写取消原因');
    expect((await ask(orderNo, '长'.repeat(201))).body.message).toBe('取消原因不能超过 200 个字');
    // Another member's order is not theirs to cancel.
    const other = (await codeLogin(rt, '13900003199')).token;
    expect((await ask(orderNo, '买错了', other)).body.message).toBe('订单不存在');
    // A course (no kit) paid in the demo by member 1.
    const m1 = (await codeLogin(rt, '13800138001')).token;
    const m1Orders = (await call<Item[]>(rt, '/api/user/order', { token: m1 })).body.data;
    const course = m1Orders.find((o) => o.status === 1)!;
    expect((await ask(course.orderNo, '不想学了', m1)).body.message).toBe(
      '只有实物套件订单可以申请取消',
    );
    // An unpaid kit order is cancelled directly.
    const buyer = (await codeLogin(rt, '13900003198')).token;
    const unpaid = await call<{ orderNo: string }>(rt, '/api/order/create', {
      json: {
        courseId: await courseId('STM32F103 开发板套件'),
        termsVersion: PURCHASE_TERMS_VERSION,
        address: ADDRESS,
      },
      token: buyer,
    });
    expect((await ask(unpaid.body.data.orderNo, '不要了', buyer)).body.message).toBe(
      '待支付的订单请直接取消',
    );
    const first = await ask(orderNo);
    expect(first.body.message).toBe('取消申请已提交，请等待处理');
    expect((await ask(orderNo)).body.message).toBe('已提交过取消申请');
    // A shipped kit cannot be cancelled.
    const shipped = await paidKit();
    expect((await ship(shipped.orderNo, 1)).body.code).toBe(200);
    expect((await ask(shipped.orderNo, '买错了', shipped.token)).body.message).toBe(
      '订单已发货，无法申请取消',
    );
  });

  // A shipment is refused while a request is pending, so the approvals win against it every time;
  // approve against refuse is a true race, decided below whichever way it goes.
  it('approved once of parallel approvals and shipments: refunded, told, audited', async () => {
    const { token, orderNo, userId } = await paidKit();
    await call(rt, '/api/order/cancelRequest', {
      json: { orderNo, reason: '买错了型号' },
      token,
    });
    expect(await myOrder(token, orderNo)).toMatchObject({ status: 2, cancelState: 'requested' });
    const admins = await rt.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    const tries = await Promise.all([
      call(rt, '/api/admin/order/cancel/approve', { json: { orderNo }, token: admin }),
      call(rt, '/api/admin/order/cancel/approve', { json: { orderNo }, token: admin }),
      ship(orderNo, 2),
      call(rt, '/api/admin/order/cancel/approve', { json: { orderNo }, token: admin }),
      ship(orderNo, 3),
    ]);
    const messages = tries.map((t) => t.body.message);
    expect(messages.filter((m) => m === '退款成功')).toHaveLength(1);
    for (const m of messages.filter((m) => m !== '退款成功'))
      expect(['该取消申请已处理', '该订单有待处理或已同意的取消申请，不能发货']).toContain(m);
    const order = await rt.db
      .selectFrom('orders')
      .select(['status', 'express_number', 'cancel_state', 'cancel_refusal'])
      .where('id', '=', admins.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      status: 4,
      express_number: null,
      cancel_state: 'approved',
      cancel_refusal: null,
    });
    const refunds = await rt.db
      .selectFrom('refunds')
      .select(['status', 'reason'])
      .where('order_id', '=', admins.id)
      .execute();
    expect(refunds).toEqual([{ status: 'success', reason: '会员申请取消：买错了型号' }]);
    expect(await myOrder(token, orderNo)).toMatchObject({ status: 4, cancelState: 'approved' });
    const notes = await inbox(userId);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('状态：申请取消中');
    expect(notes[1]).toMatch(/^订单已退款：STM32F103 开发板套件.*已原路退款，状态：已退款。/);
    const audit = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'target_id'])
      .where('action', '=', '/api/admin/order/cancel/approve')
      .where('target_id', '=', admins.id)
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('refused with a reason the member reads; the kit ships afterwards', async () => {
    const { token, orderNo, userId } = await paidKit();
    await call(rt, '/api/order/cancelRequest', { json: { orderNo, reason: '不想要了' }, token });
    const blank = await call(rt, '/api/admin/order/cancel/refuse', {
      json: { orderNo, reason: ' ' },
      token: admin,
    });
    expect(blank.body.message).toBe('请填写拒绝原因');
    const refused = await call(rt, '/api/admin/order/cancel/refuse', {
      json: { orderNo, reason: '套件已出库' },
      token: admin,
    });
    expect(refused.body.message).toBe('已拒绝取消申请');
    expect(await myOrder(token, orderNo)).toMatchObject({
      status: 2,
      cancelState: 'refused',
      cancelRefusal: '套件已出库',
    });
    expect((await inbox(userId)).at(-1)).toContain('取消申请已拒绝（套件已出库）');
    const again = await call(rt, '/api/admin/order/cancel/approve', {
      json: { orderNo },
      token: admin,
    });
    expect(again.body.message).toBe('该取消申请已处理');
    expect((await ship(orderNo, 4)).body.code).toBe(200);
    const audit = await rt.db
      .selectFrom('admin_audit')
      .select('action')
      .where('action', '=', '/api/admin/order/cancel/refuse')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('an approval and a refusal racing: exactly one decides, and the order shows which', async () => {
    for (let i = 0; i < 3; i++) {
      const { token, orderNo, userId } = await paidKit();
      await call(rt, '/api/order/cancelRequest', { json: { orderNo, reason: '买重复了' }, token });
      const [approved, refused] = await Promise.all([
        call(rt, '/api/admin/order/cancel/approve', { json: { orderNo }, token: admin }),
        call(rt, '/api/admin/order/cancel/refuse', {
          json: { orderNo, reason: '已打包' },
          token: admin,
        }),
      ]);
      const won = [approved.body.message, refused.body.message].filter(
        (m) => m !== '该取消申请已处理',
      );
      expect(won).toHaveLength(1);
      const o = await myOrder(token, orderNo);
      const refunds = await rt.db
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .select('refunds.status')
        .where('orders.order_no', '=', orderNo)
        .execute();
      const notes = await inbox(userId);
      expect(notes).toHaveLength(2);
      if (approved.body.message === '退款成功') {
        expect(o).toMatchObject({ status: 4, cancelState: 'approved', cancelRefusal: null });
        expect(refunds).toEqual([{ status: 'success' }]);
        expect(notes[1]).toMatch(/^订单已退款/);
      } else {
        expect(refused.body.message).toBe('已拒绝取消申请');
        expect(o).toMatchObject({ status: 2, cancelState: 'refused', cancelRefusal: '已打包' });
        expect(refunds).toEqual([]);
        expect(notes[1]).toContain('取消申请已拒绝（已打包）');
      }
    }
  });

  it('a request and a shipment racing: exactly one wins', async () => {
    for (let i = 0; i < 3; i++) {
      const { token, orderNo } = await paidKit();
      const [asked, shipped] = await Promise.all([
        call(rt, '/api/order/cancelRequest', { json: { orderNo, reason: '买错了' }, token }),
        ship(orderNo, 10 + i),
      ]);
      expect([asked.body.code, shipped.body.code].filter((c) => c === 200)).toHaveLength(1);
      const o = await myOrder(token, orderNo);
      if (asked.body.code === 200) {
        expect(o).toMatchObject({ cancelState: 'requested', deliveryStr: '待发货' });
        expect(shipped.body.message).toBe('该订单有待处理或已同意的取消申请，不能发货');
      } else {
        expect(o.cancelState).toBeNull();
        expect(asked.body.message).toBe('订单已发货，无法申请取消');
      }
    }
  });
});

/**
 * Helpers of the coupon tests (issue 27): WeChat Pay against its fake platform on the
 * runtime, members made in bulk (straight into the database, with a session each), a
 * coupon made through the staff API, and buying a course with a coupon.
 */
import { serve } from '@hono/node-server';
import { expect } from 'vitest';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from '../../src/server/providers/payment/fake-wechatpay.ts';
import { wechatPayV3 } from '../../src/server/providers/payment/wechatpay-v3.ts';
import { setProviders } from '../../src/server/providers/registry.ts';
import { createSession } from '../../src/server/services/accounts/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../src/shared/commerce.ts';
import { call } from './accounts.ts';
import type { TestRuntime } from './runtime.ts';

/** Pays through WeChat Pay v3 against the fake platform; answers it and a stop. */
export async function fakeWechatPay(
  rt: TestRuntime,
): Promise<{ wxpay: FakeWechatPay; stop(): void }> {
  const servers: ReturnType<typeof serve>[] = [];
  const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
    new Promise<string>((resolve) => {
      servers.push(
        serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
          resolve(`http://127.0.0.1:${info.port}`),
        ),
      );
    });
  const demo = demoWechatMerchant();
  let payBase = '';
  const wxpay = createFakeWechatPay({
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
  return { wxpay, stop: () => servers.forEach((s) => s.close()) };
}

let made = 0;

/** n new members, each with a session: their ids and tokens. */
export async function newMembers(
  rt: TestRuntime,
  n: number,
): Promise<{ id: number; token: string; mobile: string }[]> {
  const now = rt.clock.now().toISOString();
  const rows = Array.from({ length: n }, () => {
    const k = ++made;
    return {
      mobile: `1370${String(process.pid % 1000).padStart(3, '0')}${String(k).padStart(4, '0')}`,
      area_num: '86',
      password_hash: null,
      name: `买家${k}`,
      login_name: null,
      photo: null,
      email: null,
      job_role: null,
      product_interests: '[]',
      role: 'member' as const,
      invite_code: `CPN${process.pid}X${k}`,
      invited_by: null,
      locked_until: null,
      created_at: now,
      updated_at: now,
    };
  });
  const ids = await rt.db.insertInto('users').values(rows).returning(['id', 'mobile']).execute();
  return Promise.all(
    ids.map(async (u) => ({
      id: u.id,
      mobile: u.mobile,
      token: (await createSession(rt.deps, u.id)).token,
    })),
  );
}

/** A coupon as the console makes it (active, claimable, 满减 ¥10 for all courses unless told). */
export async function makeCoupon(
  rt: TestRuntime,
  admin: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await call<{ id: number }>(rt, '/api/admin/coupon/create', {
    json: {
      name: '测试券',
      kind: 'amount',
      amountCents: 1000,
      minSpendCents: 0,
      validDays: 30,
      total: 100,
      perMember: 1,
      scope: 'all',
      claimable: true,
      state: 'active',
      ...fields,
    },
    token: admin,
  });
  expect(res.body.message).toBe('优惠券已创建');
  return res.body.data.id;
}

/** A member claims a coupon; answers their member-coupon id. */
export async function claim(rt: TestRuntime, token: string, couponId: number): Promise<number> {
  const res = await call<{ memberCouponId: number }>(rt, '/api/coupon/claim', {
    json: { couponId },
    token,
  });
  expect(res.body.message).toBe('领取成功');
  return res.body.data.memberCouponId;
}

/** A course's id by the start of its title. */
export async function courseIdOf(rt: TestRuntime, title: string): Promise<number> {
  return (
    await rt.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', `${title}%`)
      .executeTakeFirstOrThrow()
  ).id;
}

export const ADDRESS = {
  name: '李明',
  mobile: '13912345678',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detail: '科技园南区 8 栋 501',
};

export interface OrderAnswer {
  orderNo: string;
  amountCents: number;
  listPriceCents: number;
  discountCents: number;
  couponId: number | null;
  /** The offer it was priced with ('limited', 'first_order'), or null. */
  offerKind: string | null;
  status: number;
}

/** POST /api/order/create with a coupon (or none); a kit gets the address. */
export function checkout(
  rt: TestRuntime,
  token: string,
  courseId: number,
  couponId: number | null,
  kit = false,
) {
  return call<OrderAnswer>(rt, '/api/order/create', {
    json: {
      courseId,
      termsVersion: PURCHASE_TERMS_VERSION,
      couponId,
      ...(kit && { address: ADDRESS }),
    },
    token,
  });
}

/** Pays an unpaid order through the fake platform; answers the order's status. */
export async function pay(
  rt: TestRuntime,
  wxpay: FakeWechatPay,
  token: string,
  orderNo: string,
): Promise<number> {
  const started = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
    json: { orderNo, method: 'wechat', channel: 'native' },
    token,
  });
  expect(started.body.code, started.body.message).toBe(200);
  await wxpay.pay(started.body.data.outTradeNo);
  await wxpay.idle();
  const status = await call<{ status: number }>(rt, `/api/order/status?orderNo=${orderNo}`, {
    token,
  });
  return status.body.data.status;
}

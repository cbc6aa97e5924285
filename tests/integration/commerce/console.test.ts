/**
 * Commerce in the console (issue 12) on SQLite and PostgreSQL: the order list
 * by status and member phone, an order's detail, shipping recorded in the
 * audit log with the order before and after, redemption batches with their
 * counts, and a batch exported as CSV that Excel reads (BOM, Chinese
 * headers), the export itself audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin = '';
let member = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = (await codeLogin(rt, DEMO.admin)).token;
  member = (await codeLogin(rt, '13800138002')).token;
});

afterAll(async () => {
  await rt?.close();
});

interface OrderRow {
  orderNo: string;
  status: number;
  statusText: string;
  memberMobile: string;
  goods: boolean;
  expressNumber: string | null;
}

describe('orders', () => {
  it('list by status and by the member’s phone, members refused', async () => {
    const refused = await call(rt, '/api/admin/order/list', { token: member });
    expect(refused.body.code).toBe(403);
    const all = await call<{ list: OrderRow[]; count: number }>(rt, '/api/admin/order/list', {
      token: admin,
    });
    const stored = await rt.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.body.data.count).toBe(Number(stored.n));
    const awaiting = await call<{ list: OrderRow[] }>(rt, '/api/admin/order/list?status=2', {
      token: admin,
    });
    expect(awaiting.body.data.list.length).toBeGreaterThan(0);
    for (const o of awaiting.body.data.list) expect(o.status).toBe(2);
    const kit = awaiting.body.data.list.find((o) => o.goods && !o.expressNumber)!;
    expect(kit.statusText).toBe('待发货');
    // The last four digits of the member's phone find their orders, and only theirs.
    const byPhone = await call<{ list: OrderRow[] }>(
      rt,
      `/api/admin/order/list?q=${kit.memberMobile.slice(-4)}`,
      { token: admin },
    );
    expect(byPhone.body.data.list.map((o) => o.orderNo)).toContain(kit.orderNo);
    for (const o of byPhone.body.data.list)
      expect(o.memberMobile.endsWith(kit.memberMobile.slice(-4))).toBe(true);
    const byNo = await call<{ list: OrderRow[] }>(rt, `/api/admin/order/list?q=${kit.orderNo}`, {
      token: admin,
    });
    expect(byNo.body.data.list.map((o) => o.orderNo)).toEqual([kit.orderNo]);
  });

  it('ship from the console: the order and the audit log show it, before and after', async () => {
    const kit = await rt.deps.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('status', '=', 2)
      .where('express_number', 'is', null)
      .where('address', 'is not', null)
      .executeTakeFirstOrThrow();
    const detail = await call<{ address: unknown; payments: unknown[]; statusText: string }>(
      rt,
      `/api/admin/order/detail?orderNo=${kit.order_no}`,
      { token: admin },
    );
    expect(detail.body.data.statusText).toBe('待发货');
    expect(detail.body.data.address).not.toBeNull();
    const missing = await call(rt, '/api/admin/order/detail?orderNo=XXT000', { token: admin });
    expect(missing.body.message).toBe('订单不存在');
    const shipped = await call(rt, '/api/admin/order/ship', {
      form: { orderNo: kit.order_no, expressCode: 'zhongtong', expressNumber: '78912345678901' },
      token: admin,
    });
    expect(shipped.body.message).toBe('已发货');
    const after = await call<{
      statusText: string;
      expressName: string;
      events: { type: string }[];
    }>(rt, `/api/admin/order/detail?orderNo=${kit.order_no}`, { token: admin });
    expect(after.body.data).toMatchObject({ statusText: '已发货', expressName: '中通快递' });
    expect(after.body.data.events.map((e) => e.type)).toContain('shipped');
    const audit = await rt.deps.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', '/api/admin/order/ship')
      .where('target_id', '=', kit.id)
      .executeTakeFirstOrThrow();
    expect(audit.target_type).toBe('order');
    expect(JSON.parse(audit.before!)).toMatchObject({ express_number: null });
    expect(JSON.parse(audit.after!)).toMatchObject({ express_number: '78912345678901' });
  });
});

describe('redemption batches', () => {
  it('list with their counts, void, and export as CSV for Excel; the export is audited', async () => {
    const course = await rt.deps.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('price_cents', '>', 0)
      .executeTakeFirstOrThrow();
    const made = await call<{ batch: string; codes: string[] }>(rt, '/api/admin/redemption/batch', {
      form: { courseId: String(course.id), count: '3', validDays: '30' },
      token: admin,
    });
    expect(made.body.message).toBe('兑换码已生成');
    const { batch, codes } = made.body.data;
    // One code used by a member, one voided.
    const redeemed = await call(rt, '/api/redemption/redeem', {
      json: { code: codes[0] },
      token: member,
    });
    expect(redeemed.body.code).toBe(200);
    await call(rt, '/api/admin/redemption/void', { form: { code: codes[1]! }, token: admin });
    const list = await call<{ list: Record<string, unknown>[] }>(
      rt,
      '/api/admin/redemption/batches',
      { token: admin },
    );
    expect(list.body.data.list.find((b) => b.batch === batch)).toMatchObject({
      courseId: course.id,
      courseTitle: course.title,
      total: 3,
      used: 1,
      voided: 1,
      unused: 1,
    });

    const res = await rt.app.request(`/api/admin/redemption/export?batch=${batch}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`兑换码-${batch}.csv`)}`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('兑换码,课程,状态,使用者手机,使用时间,有效期至,生成时间');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
      [codes[0], course.title, '已使用', '13800138002'],
      [codes[1], course.title, '已作废', ''],
      [codes[2], course.title, '未使用', ''],
    ]);
    const audit = await rt.deps.db
      .selectFrom('admin_audit')
      .select('detail')
      .where('action', '=', '/api/admin/redemption/export')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toEqual({ batch, count: 3 });

    const unknown = await call(rt, '/api/admin/redemption/export?batch=B000', { token: admin });
    expect(unknown.body.message).toBe('兑换码批次不存在');
    const refused = await call(rt, `/api/admin/redemption/export?batch=${batch}`, {
      token: member,
    });
    expect(refused.body.code).toBe(403);
  });
});

/**
 * Issue 27's order bugs on SQLite and PostgreSQL: the seeded unpaid order
 * expires like a checkout's (its job is queued by the seed, and 我的订单 reads
 * it closed once past its time even before the job runs); the console's code
 * batches page by the rows they list; a bought course's detail says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../../src/shared/commerce.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});

afterAll(async () => {
  await rt?.close();
});

interface Item {
  orderNo: string;
  status: number;
}

const seededUnpaid = () =>
  rt.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.order_no', 'o.status', 'o.expires_at'])
    .where('u.mobile', '=', '13800138003')
    .where('o.source', '=', 'purchase')
    .executeTakeFirstOrThrow();

describe('the seeded unpaid order', () => {
  it('has its expiry job, which closes it once its time is up', async () => {
    const order = await seededUnpaid();
    expect(order.status).toBe(ORDER_STATUS.unpaid);
    const job = await rt.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('kind', '=', 'order.expire')
      .where('dedupe_key', '=', `order-expire:${order.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: order.expires_at, status: 'pending' });
    const member = (await codeLogin(rt, '13800138003')).token;
    const tab = () =>
      call<{ list: Item[]; count: number }>(rt, '/api/order/queryByType?type=1', {
        token: member,
      });
    expect((await tab()).body.data.list.map((o) => o.orderNo)).toEqual([order.order_no]);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect((await seededUnpaid()).status).toBe(ORDER_STATUS.unpaid);
    rt.clock.set(new Date(Date.parse(order.expires_at!) + 1000));
    // Read before the job ran: 我的订单 already shows it closed, no 去支付.
    const unpaid = await tab();
    expect(unpaid.body.data).toEqual({ list: [], count: 0 });
    const all = await call<Item[]>(rt, '/api/user/order', { token: member });
    expect(all.body.data.find((o) => o.orderNo === order.order_no)?.status).toBe(
      ORDER_STATUS.closed,
    );
    await runDueJobs(rt.deps, JOB_HANDLERS);
    const events = await rt.db
      .selectFrom('order_events')
      .select('type')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['created', 'expired']);
  });
});

describe('code batches in the console', () => {
  it('page by the rows they list: the count matches, and a page past the end is empty', async () => {
    const admin = (await codeLogin(rt, DEMO.admin)).token;
    const page = (n: number) =>
      call<{ list: { batch: string; courseId: number }[]; count: number }>(
        rt,
        `/api/admin/redemption/batches?page=${n}&size=1`,
        { token: admin },
      );
    const first = await page(1);
    const count = first.body.data.count;
    // The seed's batch B-DEMO-1 holds codes of two courses: two rows; the demo challenge's reward
    // codes (batch CHALLENGE-<id>, issue 28) are a third.
    expect(count).toBe(3);
    const rows = [first.body.data.list];
    for (let n = 2; n <= count + 1; n++) rows.push((await page(n)).body.data.list);
    expect(rows.map((r) => r.length)).toEqual([1, 1, 1, 0]);
    expect(new Set(rows.flat().map((r) => `${r.batch}:${r.courseId}`)).size).toBe(3);
    for (let n = 1; n <= count + 1; n++) expect((await page(n)).body.data.count).toBe(count);
  });
});

describe('a bought course', () => {
  it('answers entitled to its buyer, not to another member', async () => {
    const kit = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', 'STM32F103 开发板套件%')
      .executeTakeFirstOrThrow();
    const detail = async (mobile: string) =>
      (
        await call<{ detail: { entitled: boolean } }>(rt, `/api/course/detail/${kit.id}`, {
          token: (await codeLogin(rt, mobile)).token,
        })
      ).body.data.detail.entitled;
    expect(await detail('13800138002')).toBe(true);
    expect(await detail('13800138003')).toBe(false);
  });
});

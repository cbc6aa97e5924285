/**
 * Group buying (拼团, issue 27) on SQLite and PostgreSQL: buyers racing for a group's last
 * seat (one takes it, the others are told in words); a seat an unpaid order held comes back
 * when the order closes; a full group opens the course for every buyer at once, not before;
 * a group whose time runs out short refunds every paid buyer through WeChat Pay exactly once,
 * also when the platform fails the first time and the job runs again, and tells them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GroupSeat, type GroupView } from '../../../src/server/services/commerce/index.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { GROUP_MSG } from '../../../src/shared/messages/groups.ts';
import { call } from '../../support/accounts.ts';
import { courseIdOf, fakeWechatPay, newMembers, pay } from '../../support/commerce.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const HOUR = 3_600_000;
let rt: TestRuntime;
let buck = 0;

afterAll(async () => {
  await rt?.close();
});

beforeAll(async () => {
  rt = await createTestRuntime();
  buck = await courseIdOf(rt, 'Buck');
  // The demo's 拼团 on Buck (¥149): ¥99 for a group of 3 within 24 hours.
  const offer = await rt.db
    .selectFrom('group_offers')
    .select(['price_cents', 'size', 'hours', 'state'])
    .where('course_id', '=', buck)
    .executeTakeFirstOrThrow();
  expect(offer).toEqual({ price_cents: 9900, size: 3, hours: 24, state: 'active' });
});

function open(token: string, courseId = buck) {
  return call<GroupSeat>(rt, '/api/group/open', {
    json: { courseId, termsVersion: PURCHASE_TERMS_VERSION },
    token,
  });
}

function join(token: string, code: string) {
  return call<GroupSeat>(rt, '/api/group/join', {
    json: { code, termsVersion: PURCHASE_TERMS_VERSION },
    token,
  });
}

async function group(code: string) {
  return (await call<GroupView>(rt, `/api/group/detail?code=${code}`)).body.data;
}

async function entitled(userId: number) {
  const rows = await rt.db
    .selectFrom('entitlements')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', buck)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

async function inbox(userId: number, title: string) {
  return rt.db
    .selectFrom('notices')
    .select('content')
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .execute();
}

describe('seats', () => {
  it('refuses in words: no group price, an unknown code, twice in one group', async () => {
    const [m, n] = await newMembers(rt, 2);
    const opamp = await courseIdOf(rt, '运算放大器');
    expect((await open(m!.token, opamp)).body).toMatchObject({
      code: 400,
      message: GROUP_MSG.offerMissing,
    });
    expect((await join(m!.token, 'ZZZZZZZZ')).body).toMatchObject({
      code: 404,
      message: GROUP_MSG.groupMissing,
    });
    // Not started yet: neither the page's group price nor a group (the window is the server's).
    const soon = new Date(rt.clock.now().getTime() + HOUR).toISOString();
    await rt.db
      .updateTable('group_offers')
      .set({ starts_at: soon })
      .where('course_id', '=', buck)
      .execute();
    expect((await call(rt, `/api/group/offer?courseId=${buck}`)).body.data).toEqual({
      offer: null,
    });
    expect((await open(m!.token)).body.message).toBe(GROUP_MSG.offerClosed);
    await rt.db
      .updateTable('group_offers')
      .set({ starts_at: null })
      .where('course_id', '=', buck)
      .execute();
    const opened = await open(m!.token);
    expect(opened.body.message).toBe(GROUP_MSG.opened);
    expect(opened.body.data.order).toMatchObject({
      amountCents: 9900,
      listPriceCents: 14900,
      offerKind: 'group',
    });
    const code = opened.body.data.group.code;
    expect((await join(m!.token, code)).body).toMatchObject({ message: GROUP_MSG.joined });
    expect((await join(n!.token, code)).body.message).toBe(GROUP_MSG.joinedNow);
    expect(await group(code)).toMatchObject({ size: 3, seats: 2, paid: 0, state: 'open' });
  });

  it('five buyers racing for the last seat: one takes it, four are told it is full', async () => {
    const [leader, second, ...racers] = await newMembers(rt, 7);
    const code = (await open(leader!.token)).body.data.group.code;
    await join(second!.token, code);
    const answers = await Promise.all(racers.map((r) => join(r.token, code)));
    const won = answers.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === GROUP_MSG.full)).toHaveLength(4);
    const orders = await rt.db
      .selectFrom('orders as o')
      .innerJoin('buy_groups as g', 'g.id', 'o.group_id')
      .select('o.user_id')
      .where('g.code', '=', code)
      .execute();
    expect(orders).toHaveLength(3);
    expect(await group(code)).toMatchObject({ seats: 3 });
  });

  it('a cancelled unpaid order gives its seat back', async () => {
    const [a, b, c, d] = await newMembers(rt, 4);
    const code = (await open(a!.token)).body.data.group.code;
    await join(b!.token, code);
    const third = await join(c!.token, code);
    expect((await join(d!.token, code)).body.message).toBe(GROUP_MSG.full);
    await call(rt, '/api/order/cancel', {
      json: { orderNo: third.body.data.order.orderNo },
      token: c!.token,
    });
    expect(await group(code)).toMatchObject({ seats: 2 });
    expect((await join(d!.token, code)).body.message).toBe(GROUP_MSG.joinedNow);
  });
});

describe('the end of a group', () => {
  it('a full group opens the course for every buyer at once, not before', async () => {
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      const members = await newMembers(rt, 3);
      const first = await open(members[0]!.token);
      const code = first.body.data.group.code;
      const seats = [
        first,
        await join(members[1]!.token, code),
        await join(members[2]!.token, code),
      ];
      expect(await pay(rt, wxpay, members[0]!.token, seats[0]!.body.data.order.orderNo)).toBe(1);
      expect(await pay(rt, wxpay, members[1]!.token, seats[1]!.body.data.order.orderNo)).toBe(1);
      expect(await group(code)).toMatchObject({ paid: 2, state: 'open' });
      expect(await entitled(members[0]!.id)).toBe(0);
      // 我的订单 says the seat waits for its group, with the way back to the share page.
      const mine = await call<{ list: { group: { code: string; state: string } | null }[] }>(
        rt,
        '/api/order/queryByType?type=2&page=1&size=10',
        { token: members[0]!.token },
      );
      expect(mine.body.data.list.map((o) => o.group)).toEqual([{ code, state: 'open' }]);
      expect(await pay(rt, wxpay, members[2]!.token, seats[2]!.body.data.order.orderNo)).toBe(1);
      expect(await group(code)).toMatchObject({ paid: 3, state: 'full' });
      for (const m of members) {
        expect(await entitled(m.id)).toBe(1);
        expect(await inbox(m.id, '拼团成功：Buck 变换器设计与环路补偿实战')).toHaveLength(1);
      }
    } finally {
      stop();
    }
  });

  it('a group that closes short refunds each paid buyer once, also when the platform fails first', async () => {
    const { wxpay, stop } = await fakeWechatPay(rt);
    const wechat = rt.deps.providers.pay.methods.wechat!;
    const realRefund = wechat.refund.bind(wechat);
    let failures = 1;
    // The platform's refund call fails once (a network error at the edge), then answers.
    wechat.refund = async (input) => {
      if (failures-- > 0) throw new Error('connect ETIMEDOUT');
      return realRefund(input);
    };
    try {
      const [a, b, c] = await newMembers(rt, 3);
      const first = await open(a!.token);
      const code = first.body.data.group.code;
      const second = await join(b!.token, code);
      const third = await join(c!.token, code);
      expect(await pay(rt, wxpay, a!.token, first.body.data.order.orderNo)).toBe(1);
      expect(await pay(rt, wxpay, b!.token, second.body.data.order.orderNo)).toBe(1);

      rt.clock.advance(24 * HOUR + 1000);
      await runDueJobs(rt.deps, JOB_HANDLERS);
      expect(await group(code)).toMatchObject({ state: 'failed', paid: 2 });
      const thirdOrder = await rt.db
        .selectFrom('orders')
        .select('status')
        .where('order_no', '=', third.body.data.order.orderNo)
        .executeTakeFirstOrThrow();
      expect(thirdOrder.status).toBe(3);
      // One refund failed; its job runs again after its back-off, and once more for nothing.
      rt.clock.advance(HOUR);
      await runDueJobs(rt.deps, JOB_HANDLERS);
      rt.clock.advance(HOUR);
      await runDueJobs(rt.deps, JOB_HANDLERS);

      for (const [m, seat] of [
        [a!, first],
        [b!, second],
      ] as const) {
        const refunds = await rt.db
          .selectFrom('refunds as r')
          .innerJoin('orders as o', 'o.id', 'r.order_id')
          .select(['r.status', 'r.actor', 'o.status as orderStatus'])
          .where('o.order_no', '=', seat.body.data.order.orderNo)
          .where('r.status', '=', 'success')
          .execute();
        expect(refunds).toEqual([{ status: 'success', actor: 'system', orderStatus: 4 }]);
        const told = await inbox(m.id, '拼团未成功，已自动退款：Buck 变换器设计与环路补偿实战');
        expect(told).toHaveLength(1);
        expect(told[0]!.content).toContain('¥99.00 已原路退回');
        expect(await entitled(m.id)).toBe(0);
      }
      // Three calls to the platform: the failure and one refund per paid seat.
      expect(failures).toBe(-2);
    } finally {
      wechat.refund = realRefund;
      stop();
    }
  });

  it('a seat paid after its group failed is refunded too, once', async () => {
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      const [a, b] = await newMembers(rt, 2);
      const first = await open(a!.token);
      const code = first.body.data.group.code;
      const late = await join(b!.token, code);
      expect(await pay(rt, wxpay, a!.token, first.body.data.order.orderNo)).toBe(1);
      // b scans the QR before the deadline and pays after it.
      const started = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
        json: { orderNo: late.body.data.order.orderNo, method: 'wechat', channel: 'native' },
        token: b!.token,
      });
      expect(started.body.code).toBe(200);
      rt.clock.advance(24 * HOUR + 1000);
      await runDueJobs(rt.deps, JOB_HANDLERS);
      expect(await group(code)).toMatchObject({ state: 'failed', paid: 1 });
      await wxpay.pay(started.body.data.outTradeNo);
      await wxpay.idle();
      await runDueJobs(rt.deps, JOB_HANDLERS);
      await runDueJobs(rt.deps, JOB_HANDLERS);
      const rows = await rt.db
        .selectFrom('orders as o')
        .leftJoin('refunds as r', 'r.order_id', 'o.id')
        .select(['o.status', 'r.status as refund'])
        .where('o.order_no', '=', late.body.data.order.orderNo)
        .execute();
      expect(rows).toEqual([{ status: 4, refund: 'success' }]);
      expect(await entitled(b!.id)).toBe(0);
      expect(
        await inbox(b!.id, '拼团未成功，已自动退款：Buck 变换器设计与环路补偿实战'),
      ).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

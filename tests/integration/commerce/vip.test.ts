/**
 * VIP membership (issue 27) on SQLite and PostgreSQL: a card bought through the same orders
 * and WeChat Pay as a course, its days counted once however many confirmations race; a
 * renewal extends from the current end; a VIP-free course opens while VIP lasts and closes
 * after; the member price; the expiry reminder once per end; a refund takes the days back;
 * the monthly download quota decided once under parallel downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMERCE_MSG,
  scheduleVipReminder,
  type OrderView,
  type VipPlan,
  type VipStatus,
} from '../../../src/server/services/commerce/index.ts';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import type { CourseDetail } from '../../../src/server/services/courses/index.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { VIP_MSG } from '../../../src/shared/vip.ts';
import { call } from '../../support/accounts.ts';
import { checkout, courseIdOf, fakeWechatPay, newMembers } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const DAY = 86_400_000;
let rt: TestRuntime;
let plans: VipPlan[] = [];
let opamp = 0;
let buck = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  opamp = await courseIdOf(rt, '运算放大器');
  buck = await courseIdOf(rt, 'Buck');
  const res = await call<{ plans: VipPlan[] }>(rt, '/api/vip/plans');
  plans = res.body.data.plans;
});

afterAll(async () => {
  await rt?.close();
});

const plan = (name: string) => plans.find((p) => p.name === name)!;

function vipOrder(token: string, planId: number) {
  return call<OrderView>(rt, '/api/vip/order', {
    json: { planId, termsVersion: PURCHASE_TERMS_VERSION },
    token,
  });
}

async function vipRow(userId: number) {
  return rt.db
    .selectFrom('vip_members')
    .select(['ends_at', 'reminded_for'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function inbox(userId: number, title: string) {
  return rt.db
    .selectFrom('notices')
    .select(['title', 'content'])
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .execute();
}

/** Makes a member VIP until `days` from now directly (the purchase is tested on its own). */
async function makeVip(userId: number, days: number) {
  const now = rt.clock.now();
  await rt.db
    .insertInto('vip_members')
    .values({
      user_id: userId,
      started_at: now.toISOString(),
      ends_at: new Date(now.getTime() + days * DAY).toISOString(),
      reminded_for: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}

async function lessonsOpen(token: string, courseId: number) {
  const res = await call<{ detail: CourseDetail }>(rt, `/api/course/detail/${courseId}`, {
    token,
  });
  const { entitled, lessons } = res.body.data.detail;
  return { entitled, locked: lessons.filter((l) => l.locked).length };
}

describe('buying a card', () => {
  it('the seeded cards are on sale; bad input is refused in words and stores nothing', async () => {
    expect(plans.map((p) => [p.name, p.days, p.priceCents])).toEqual([
      ['月卡', 30, 3000],
      ['季卡', 90, 7800],
      ['年卡', 365, 26800],
    ]);
    const [m] = await newMembers(rt, 1);
    expect((await vipOrder(m!.token, 999_999)).body).toMatchObject({
      code: 404,
      message: VIP_MSG.planMissing,
    });
    const outdated = await call(rt, '/api/vip/order', {
      json: { planId: plan('月卡').id, termsVersion: '2020-01-01' },
      token: m!.token,
    });
    expect(outdated.body).toMatchObject({ code: 400, message: COMMERCE_MSG.termsOutdated });
    expect(
      (await call(rt, '/api/vip/order', { json: { planId: plan('月卡').id } })).body.code,
    ).toBe(401);
    const rows = await rt.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', m!.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('parallel requests make one unpaid order; paying it makes the member VIP once, however many confirmations race', async () => {
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      const [m] = await newMembers(rt, 1);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => vipOrder(m!.token, plan('月卡').id)),
      );
      expect(answers.map((a) => a.body.message)).toEqual(Array(5).fill(VIP_MSG.orderCreated));
      const numbers = new Set(answers.map((a) => a.body.data.orderNo));
      expect(numbers.size).toBe(1);
      expect(answers[0]!.body.data).toMatchObject({
        courseId: null,
        vipPlanId: plan('月卡').id,
        vipDays: 30,
        amountCents: 3000,
        title: '月卡',
      });
      const orderNo = [...numbers][0]!;
      const started = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
        json: { orderNo, method: 'wechat', channel: 'native' },
        token: m!.token,
      });
      expect(started.body.code, started.body.message).toBe(200);
      // The notification and five polls of the pay page all confirm the same payment.
      await Promise.all([
        wxpay.pay(started.body.data.outTradeNo),
        ...Array.from({ length: 5 }, () =>
          call(rt, `/api/order/status?orderNo=${orderNo}`, { token: m!.token }),
        ),
      ]);
      await wxpay.idle();
      const paidAt = Date.parse(
        (
          await rt.db
            .selectFrom('orders')
            .select(['paid_at', 'status'])
            .where('order_no', '=', orderNo)
            .executeTakeFirstOrThrow()
        ).paid_at!,
      );
      expect(Date.parse((await vipRow(m!.id))!.ends_at)).toBe(paidAt + 30 * DAY);
      const extended = await rt.db
        .selectFrom('order_events as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select('e.id')
        .where('o.order_no', '=', orderNo)
        .where('e.type', '=', 'vip_extended')
        .execute();
      expect(extended).toHaveLength(1);
      expect(await inbox(m!.id, VIP_MSG.paidTitle)).toHaveLength(1);
      const status = await call<VipStatus>(rt, '/api/vip/status', { token: m!.token });
      expect(status.body.data).toMatchObject({ active: true, hideAds: true });
      // The header's answer carries it too.
      const info = await rt.post<{ vip: VipStatus }>('/api/user/information', {}, m!.token);
      expect(info.body.data.vip.active).toBe(true);

      // A renewal (年卡) runs from the current end, not from now.
      rt.clock.advance(DAY / 2);
      const renew = await vipOrder(m!.token, plan('年卡').id);
      expect(renew.body.message).toBe(VIP_MSG.orderCreated);
      const again = await call<{ outTradeNo: string }>(rt, '/api/order/pay', {
        json: { orderNo: renew.body.data.orderNo, method: 'wechat', channel: 'native' },
        token: m!.token,
      });
      await wxpay.pay(again.body.data.outTradeNo);
      await wxpay.idle();
      expect(Date.parse((await vipRow(m!.id))!.ends_at)).toBe(paidAt + (30 + 365) * DAY);

      // A refunded card takes its days back.
      const admin = await rt.tokenFor(DEMO.admin);
      const refund = await call(rt, '/api/admin/order/refund', {
        json: { orderNo: renew.body.data.orderNo, reason: '会员退款测试' },
        token: admin,
      });
      expect(refund.body.message).toBe('退款成功');
      expect(Date.parse((await vipRow(m!.id))!.ends_at)).toBe(paidAt + 30 * DAY);
    } finally {
      stop();
    }
  });

  it('another card replaces an unpaid card order; the list shows the card with no course', async () => {
    const [m] = await newMembers(rt, 1);
    const first = await vipOrder(m!.token, plan('月卡').id);
    const second = await vipOrder(m!.token, plan('季卡').id);
    expect(second.body.data.orderNo).not.toBe(first.body.data.orderNo);
    const rows = await rt.db
      .selectFrom('orders')
      .select(['status', 'vip_plan_id'])
      .where('user_id', '=', m!.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { status: 3, vip_plan_id: plan('月卡').id },
      { status: 0, vip_plan_id: plan('季卡').id },
    ]);
    const list = await call<{ list: { title: string; courseId: number | null }[] }>(
      rt,
      '/api/order/queryByType?type=0&page=1&size=10',
      { token: m!.token },
    );
    expect(list.body.data.list.map((o) => [o.title, o.courseId])).toEqual([
      ['季卡', null],
      ['月卡', null],
    ]);
  });
});

describe('what VIP gives', () => {
  it('a VIP-free course opens while VIP lasts, is not sold to a VIP, and closes when VIP ends', async () => {
    const [m] = await newMembers(rt, 1);
    expect(await lessonsOpen(m!.token, opamp)).toMatchObject({ entitled: false });
    expect((await lessonsOpen(m!.token, opamp)).locked).toBeGreaterThan(0);
    await makeVip(m!.id, 2);
    expect(await lessonsOpen(m!.token, opamp)).toEqual({ entitled: true, locked: 0 });
    const refused = await checkout(rt, m!.token, opamp, null);
    expect(refused.body).toMatchObject({ code: 400, message: VIP_MSG.courseFree });
    rt.clock.advance(2 * DAY + 1000);
    expect(await lessonsOpen(m!.token, opamp)).toMatchObject({ entitled: false });
  });

  it('a VIP pays the member price on other courses (8 折 of ¥149)', async () => {
    const [m, plain] = await newMembers(rt, 2);
    await makeVip(m!.id, 10);
    const vip = await checkout(rt, m!.token, buck, null);
    expect(vip.body.data).toMatchObject({
      amountCents: 11920,
      listPriceCents: 14900,
      offerKind: 'vip',
    });
    const other = await checkout(rt, plain!.token, buck, null);
    expect(other.body.data).toMatchObject({ amountCents: 14900, offerKind: null });
  });

  it('the expiry reminder comes once, three days before the end, and not for an end a renewal moved', async () => {
    const [m, renewed] = await newMembers(rt, 2);
    const now = rt.clock.now();
    const endsAt = new Date(now.getTime() + 10 * DAY).toISOString();
    for (const u of [m!, renewed!]) {
      await makeVip(u.id, 10);
      // As a paid card queues it (extendVip).
      await scheduleVipReminder(undefined, rt.db, u.id, (await vipRow(u.id))!.ends_at, now);
    }
    expect(Date.parse((await vipRow(m!.id))!.ends_at)).toBe(Date.parse(endsAt));
    // Too early: the job waits; nobody is told.
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect(await inbox(m!.id, VIP_MSG.remindTitle)).toEqual([]);
    // The other member renews meanwhile: their old end is no longer the end.
    await rt.db
      .updateTable('vip_members')
      .set({ ends_at: new Date(now.getTime() + 40 * DAY).toISOString() })
      .where('user_id', '=', renewed!.id)
      .execute();
    rt.clock.advance(7 * DAY + 2000);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    const told = await inbox(m!.id, VIP_MSG.remindTitle);
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('/vip');
    expect(await inbox(renewed!.id, VIP_MSG.remindTitle)).toEqual([]);
    expect((await vipRow(m!.id))!.reminded_for).toBe((await vipRow(m!.id))!.ends_at);
  });

  it('the monthly download quota: parallel downloads at the last places take exactly what is left', async () => {
    // Six files of the Buck course (¥149, not free for VIP), each the demo's stored file.
    const file = await rt.db
      .selectFrom('resources')
      .select(['file_url', 'file_type', 'file_size'])
      .where('file_url', 'not like', 'https:%')
      .executeTakeFirstOrThrow();
    const now = rt.clock.now().toISOString();
    const paid = await rt.db
      .insertInto('resources')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          title: `Buck 补偿网络计算表 ${i + 1}`,
          summary: '',
          ...file,
          course_id: buck,
          company_id: null,
          created_at: now,
        })),
      )
      .returning(['id', 'course_id'])
      .execute();
    await rt.db
      .updateTable('vip_benefits')
      .set({ monthly_downloads: 2 })
      .where('id', '=', 1)
      .execute();
    try {
      const [m, plain] = await newMembers(rt, 2);
      // Not VIP: sent to buy the course.
      const notVip = await downloadResponse(rt.deps, paid[0]!.id, plain!.id);
      expect(notVip.status).toBe(302);
      expect(notVip.headers.get('location')).toBe(`/checkout?courseId=${paid[0]!.course_id}`);
      await makeVip(m!.id, 20);
      const first = await downloadResponse(rt.deps, paid[0]!.id, m!.id);
      expect(first.status).toBe(200);
      await first.body?.cancel();
      // The same file again is not a second download.
      const again = await downloadResponse(rt.deps, paid[0]!.id, m!.id);
      expect(again.status).toBe(200);
      await again.body?.cancel();
      // Five files at once for the one place left: one is served.
      const files = paid.slice(1);
      const answers = await Promise.all(files.map((f) => downloadResponse(rt.deps, f.id, m!.id)));
      await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.body?.cancel()));
      const served = new Set(files.filter((_, i) => answers[i]!.status === 200).map((f) => f.id));
      expect(served.size).toBe(1);
      const refused = answers.find((a) => a.status === 403)!;
      expect(await refused.text()).toContain('本月会员下载次数已用完（每月 2 次）');
      const used = await rt.db
        .selectFrom('vip_downloads')
        .select('resource_id')
        .where('user_id', '=', m!.id)
        .execute();
      expect(used).toHaveLength(2);
    } finally {
      await rt.db
        .updateTable('vip_benefits')
        .set({ monthly_downloads: 10 })
        .where('id', '=', 1)
        .execute();
    }
  });
});

/**
 * Invite rewards (issue 27) on SQLite and PostgreSQL: a member who registers
 * with an invite code, and their inviter, each find a redemption code for the
 * configured course in 我的消息, once: parallel registrations of one phone
 * reward once, five friends registering at once reward the inviter five
 * times, naming the inviter afterwards (also twice at once) rewards once; the
 * code redeems; the reward can be set to a course or switched off; coupons
 * marked 邀请券 go to both sides too, never beyond their total; with
 * INVITE_REWARD_ON=first_purchase the reward waits for the first paid order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateUser } from '../../../src/server/services/accounts/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { checkout, courseIdOf, fakeWechatPay, makeCoupon, pay } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let inviterCode = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  const token = (await codeLogin(rt, '13800138001')).token;
  inviterCode = (await call<{ invite: string }>(rt, '/api/user/invite', { method: 'POST', token }))
    .body.data.invite;
});

afterAll(async () => {
  await rt?.close();
});

/** The reward notices of a member, and the codes they carry. */
async function rewards(mobile: string) {
  const rows = await rt.db
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.title', 'n.content'])
    .where('u.mobile', '=', mobile)
    .where('n.title', 'like', '邀请奖励%')
    .execute();
  return rows.map((r) => ({
    title: r.title,
    text: r.content,
    code: /([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})/.exec(r.content)?.[1] ?? '',
  }));
}

async function cheapestCourse() {
  return rt.db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('published', '=', 1)
    .where('price_cents', '>', 0)
    .where('type', '!=', 4)
    .orderBy('price_cents')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('invite rewards', () => {
  it('give both sides one code in 我的消息, which redeems', async () => {
    const course = await cheapestCourse();
    const before = (await rewards('13800138001')).length;
    const invitee = await codeLogin(rt, '13900005001', { inviteCode: inviterCode.toLowerCase() });
    expect(invitee.registered).toBe(true);
    const mine = await rewards('13900005001');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe(`邀请奖励：《${course.title}》课程兑换码`);
    expect(mine[0]!.text).toContain('欢迎通过好友邀请加入芯学堂');
    const theirs = await rewards('13800138001');
    expect(theirs).toHaveLength(before + 1);
    expect(theirs.at(-1)!.text).toContain('您邀请的好友已完成注册');
    expect(mine[0]!.code).not.toBe(theirs.at(-1)!.code);
    const redeemed = await call(rt, '/api/redemption/redeem', {
      json: { code: mine[0]!.code },
      token: invitee.token,
    });
    expect(redeemed.body.message).toBe('兑换成功，课程已开通');
    // Logging in again is no new registration: nothing more.
    rt.clock.advance(61_000);
    await codeLogin(rt, '13900005001', { inviteCode: inviterCode });
    expect(await rewards('13900005001')).toHaveLength(1);
  });

  it('reward once per invitee under parallel registrations', async () => {
    const before = (await rewards('13800138001')).length;
    // One new phone registering from ten requests at once (the account step of each login).
    const phone = { areaNum: '86', mobile: '13900005002' };
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => findOrCreateUser(rt.deps, phone, inviterCode)),
    );
    expect(runs.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(runs.map((r) => r.id)).size).toBe(1);
    expect(await rewards('13900005002')).toHaveLength(1);
    // Five friends registering at once: five codes for the inviter, one for each friend.
    const friends = ['13900005011', '13900005012', '13900005013', '13900005014', '13900005015'];
    await Promise.all(
      friends.map((m, i) => codeLogin(rt, m, { inviteCode: inviterCode, ip: `10.1.3.${i}` })),
    );
    for (const m of friends) expect(await rewards(m)).toHaveLength(1);
    expect(await rewards('13800138001')).toHaveLength(before + 6);
    const all = await rt.db
      .selectFrom('redemption_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch', '=', 'INVITE')
      .executeTakeFirstOrThrow();
    // 2 + 2 + 5 × 2 codes so far.
    expect(Number(all.n)).toBe(14);
  });

  it('naming the inviter afterwards rewards once, even twice at once', async () => {
    const before = (await rewards('13800138001')).length;
    const late = await codeLogin(rt, '13900005021');
    expect(await rewards('13900005021')).toHaveLength(0);
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        call(rt, '/api/invite/save', { form: { code: inviterCode }, token: late.token }),
      ),
    );
    expect(tries.filter((t) => t.body.code === 200)).toHaveLength(1);
    expect(await rewards('13900005021')).toHaveLength(1);
    expect(await rewards('13800138001')).toHaveLength(before + 1);
  });

  it('follow the configured course, or none when switched off', async () => {
    const other = await rt.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('title', 'like', 'LoRa%')
      .executeTakeFirstOrThrow();
    rt.deps.config.inviteRewardCourseId = other.id;
    await codeLogin(rt, '13900005031', { inviteCode: inviterCode });
    expect((await rewards('13900005031'))[0]!.title).toBe(`邀请奖励：《${other.title}》课程兑换码`);
    rt.deps.config.inviteRewardCourseId = 0;
    await codeLogin(rt, '13900005032', { inviteCode: inviterCode });
    expect(await rewards('13900005032')).toHaveLength(0);
    rt.deps.config.inviteRewardCourseId = null;
  });

  it('hand both sides each 邀请券, within its total even when friends register at once', async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const couponId = await makeCoupon(rt, admin, {
      name: '邀请好友券',
      amountCents: 1500,
      total: 5,
      perMember: 10,
      claimable: false,
      onInvite: true,
    });
    // The coupon alone (the code reward switched off): the notice names it.
    rt.deps.config.inviteRewardCourseId = 0;
    try {
      const held = (mobile: string) =>
        rt.db
          .selectFrom('member_coupons as mc')
          .innerJoin('users as u', 'u.id', 'mc.user_id')
          .select('mc.source')
          .where('u.mobile', '=', mobile)
          .where('mc.coupon_id', '=', couponId)
          .execute();
      const inviterBefore = (await held('13800138001')).length;
      await codeLogin(rt, '13900005041', { inviteCode: inviterCode });
      expect(await held('13900005041')).toEqual([{ source: 'invite' }]);
      expect(await held('13800138001')).toHaveLength(inviterBefore + 1);
      const [notice] = await rewards('13900005041');
      expect(notice!.title).toBe('邀请奖励：优惠券已到账');
      expect(notice!.text).toContain(
        '欢迎通过好友邀请加入芯学堂，送您优惠券：邀请好友券，购买课程时可在结算页选用。',
      );

      // Three more friends at once: six copies wanted, three left; none beyond the total.
      const phones = ['13900005042', '13900005043', '13900005044'];
      await Promise.all(phones.map((m) => codeLogin(rt, m, { inviteCode: inviterCode })));
      const coupon = await rt.db
        .selectFrom('coupons')
        .select('remaining')
        .where('id', '=', couponId)
        .executeTakeFirstOrThrow();
      expect(coupon.remaining).toBe(0);
      const copies = await rt.db
        .selectFrom('member_coupons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('coupon_id', '=', couponId)
        .executeTakeFirstOrThrow();
      expect(Number(copies.n)).toBe(5);
      // Every registration went through, whether or not a copy was left for it.
      for (const m of phones)
        expect(
          await rt.db.selectFrom('users').select('id').where('mobile', '=', m).executeTakeFirst(),
        ).toBeDefined();
    } finally {
      rt.deps.config.inviteRewardCourseId = null;
    }
  });

  it('wait for the invited member’s first purchase when the operator says so, then come once', async () => {
    rt.deps.config.inviteRewardOn = 'first_purchase';
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      const before = (await rewards('13800138001')).length;
      const invitee = await codeLogin(rt, '13900005051', { inviteCode: inviterCode });
      expect(invitee.registered).toBe(true);
      expect(await rewards('13900005051')).toHaveLength(0);
      expect(await rewards('13800138001')).toHaveLength(before);

      const buy = async (title: string) => {
        const order = await checkout(rt, invitee.token, await courseIdOf(rt, title), null);
        expect(await pay(rt, wxpay, invitee.token, order.body.data.orderNo)).toBe(1);
      };
      await buy('运算放大器');
      const mine = await rewards('13900005051');
      expect(mine).toHaveLength(1);
      expect(mine[0]!.text).toContain('欢迎通过好友邀请加入芯学堂');
      expect(await rewards('13800138001')).toHaveLength(before + 1);
      // A second purchase gives nothing more.
      await buy('Buck');
      expect(await rewards('13900005051')).toHaveLength(1);
      expect(await rewards('13800138001')).toHaveLength(before + 1);
    } finally {
      stop();
      rt.deps.config.inviteRewardOn = 'register';
    }
  });
});

/**
 * 新人券 (issue 27: coupons issued by a rule) through the real app, on SQLite and PostgreSQL: a
 * coupon staff mark 新会员注册时自动发放 is handed to each member who registers (by SMS code), once,
 * with a notice in 我的消息; an existing member logging in gets nothing; parallel registrations
 * never hand out more than the total and none of them is refused for it; a stopped rule coupon
 * is not handed out; the console lists the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCouponRow, MyCouponPage } from '../../../src/server/services/commerce/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { makeCoupon } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
});
afterAll(async () => {
  await rt?.close();
});

let phones = 0;
/** Registers a new member by SMS code from an address of its own; answers its token. */
async function register(): Promise<{ token: string; mobile: string }> {
  phones += 1;
  const mobile = `1390047${String(phones).padStart(4, '0')}`;
  const { token } = await codeLogin(rt, mobile, { ip: `10.47.${phones >> 8}.${phones & 255}` });
  return { token, mobile };
}

/** The rule coupons a member holds: the coupon's name, per copy. */
async function ruleCopies(mobile: string): Promise<string[]> {
  const rows = await rt.db
    .selectFrom('member_coupons as mc')
    .innerJoin('coupons as c', 'c.id', 'mc.coupon_id')
    .innerJoin('users as u', 'u.id', 'mc.user_id')
    .select('c.name')
    .where('u.mobile', '=', mobile)
    .where('mc.source', '=', 'register')
    .orderBy('mc.id')
    .execute();
  return rows.map((r) => r.name);
}

async function welcomeNotices(mobile: string): Promise<string[]> {
  const rows = await rt.db
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('n.content')
    .where('u.mobile', '=', mobile)
    .where('n.title', '=', '新人专享优惠券已到账')
    .execute();
  return rows.map((r) => r.content);
}

async function remaining(id: number): Promise<number> {
  return (
    await rt.db
      .selectFrom('coupons')
      .select('remaining')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).remaining;
}

async function stop(id: number): Promise<void> {
  const res = await call(rt, '/api/admin/coupon/stop', { token: admin, json: { id } });
  expect(res.body.code).toBe(200);
}

describe('新人券', () => {
  it('goes to each new member once, with a notice; a member logging in again gets nothing', async () => {
    const id = await makeCoupon(rt, admin, {
      name: '新人立减券',
      onRegister: true,
      claimable: false,
      total: 50,
    });
    const listed = await call<{ list: AdminCouponRow[] }>(rt, '/api/admin/coupon/list', {
      token: admin,
    });
    expect(listed.body.data.list.find((c) => c.id === id)).toMatchObject({
      onRegister: true,
      state: 'active',
    });

    const m = await register();
    expect(await ruleCopies(m.mobile)).toEqual(['新人立减券']);
    const notices = await welcomeNotices(m.mobile);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('送您新人专享优惠券：新人立减券');
    const mine = await call<MyCouponPage>(rt, '/api/coupon/mine?tab=usable', { token: m.token });
    expect(mine.body.data.list.map((c) => c.name)).toEqual(['新人立减券']);

    // Logging in again (a minute later: the SMS limit) is no registration.
    rt.clock.advance(61_000);
    await codeLogin(rt, m.mobile, { ip: '10.47.200.1' });
    expect(await ruleCopies(m.mobile)).toEqual(['新人立减券']);
    expect(await welcomeNotices(m.mobile)).toHaveLength(1);
    // A member who was there before the rule gets nothing either.
    await rt.tokenFor(DEMO.members[0]);
    expect(await ruleCopies(DEMO.members[0])).toEqual([]);
    await stop(id);
  });

  it('parallel registrations hand out no more than the total, and every one of them registers', async () => {
    const id = await makeCoupon(rt, admin, {
      name: '限量新人券',
      onRegister: true,
      claimable: false,
      total: 3,
    });
    const members = await Promise.all(Array.from({ length: 8 }, () => register()));
    expect(members.every((m) => m.token.length > 20)).toBe(true);
    const copies = await Promise.all(members.map((m) => ruleCopies(m.mobile)));
    expect(copies.filter((c) => c.includes('限量新人券'))).toHaveLength(3);
    expect(await remaining(id)).toBe(0);
    // Those who got none got no notice.
    const told = await Promise.all(members.map((m) => welcomeNotices(m.mobile)));
    expect(told.filter((t) => t.length === 1)).toHaveLength(3);
    expect(told.filter((t) => t.length === 0)).toHaveLength(5);
  });

  it('a stopped rule coupon is not handed out', async () => {
    const id = await makeCoupon(rt, admin, {
      name: '已停新人券',
      onRegister: true,
      claimable: false,
    });
    await stop(id);
    const m = await register();
    expect(await ruleCopies(m.mobile)).toEqual([]);
    expect(await welcomeNotices(m.mobile)).toEqual([]);
    expect(await remaining(id)).toBe(100);
  });
});

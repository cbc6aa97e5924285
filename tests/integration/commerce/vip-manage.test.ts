/**
 * VIP membership for staff (会员, issue 27) on SQLite and PostgreSQL, through the console's
 * calls: cards refused in words with nothing stored, created, edited and stopped (never
 * deleted); benefits refused for a kit, an unpublished or a free course, saved otherwise; each
 * change drops the cached VIP page and the pages of courses whose free status changed; the
 * member list by state and phone tail; every write in the audit log; members cannot call them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  vipPlans,
  type AdminVipMemberRow,
  type AdminVipPlanRow,
  type VipBenefits,
} from '../../../src/server/services/commerce/index.ts';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { courseTags, vipTags } from '../../../src/server/cache/tags.ts';
import { ORDER_COURSE_TYPE } from '../../../src/shared/constants.ts';
import { VIP_MSG } from '../../../src/shared/vip.ts';
import { call } from '../../support/accounts.ts';
import { newMembers } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const MSG = VIP_MSG.admin;
let rt: TestRuntime;
let admin = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
});

afterAll(async () => {
  await rt?.close();
});

function post<T = unknown>(path: string, json: Record<string, unknown>, token = admin) {
  return call<T>(rt, `/api/admin/vip/${path}`, { json, token });
}

async function plans(): Promise<AdminVipPlanRow[]> {
  const res = await call<{ list: AdminVipPlanRow[] }>(rt, '/api/admin/vip/plans', {
    token: admin,
  });
  expect(res.body.code).toBe(200);
  return res.body.data.list;
}

async function benefits(): Promise<VipBenefits> {
  const res = await call<VipBenefits>(rt, '/api/admin/vip/benefits', { token: admin });
  return res.body.data;
}

async function auditOf(targetId: number | null, action?: string) {
  return rt.db
    .selectFrom('admin_audit')
    .select(['action', 'refusal', 'target_id'])
    .where('target_type', '=', 'vip')
    .$if(targetId !== null, (q) => q.where('target_id', '=', targetId!))
    .$if(action !== undefined, (q) => q.where('action', '=', action!))
    .orderBy('id')
    .execute();
}

/** Caches a page under these tags; answers whether it is still there. */
async function cached(key: string, tags: string[]) {
  await pageStore().put(key, {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.from(`<html>${key}</html>`),
    maxAge: 60,
    swr: 600,
    tags: ['site', ...tags],
  });
  const there = () => pageStore().get(key) !== undefined;
  expect(there()).toBe(true);
  return there;
}

const CARD = {
  name: '半年卡',
  days: 180,
  priceCents: 14800,
  listPriceCents: 18000,
  state: 'active',
};

describe('会员套餐', () => {
  it('refuses a card in words and stores nothing', async () => {
    const before = await plans();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, MSG.name],
      [{ name: '卡'.repeat(21) }, MSG.name],
      [{ days: 0 }, MSG.days],
      [{ days: 3661 }, MSG.days],
      [{ days: 1.5 }, MSG.days],
      [{ priceCents: 0 }, MSG.price],
      [{ priceCents: '' }, MSG.price],
      [{ listPriceCents: 14800 }, MSG.listPrice],
      [{ listPriceCents: 100 }, MSG.listPrice],
      [{ state: 'deleted' }, MSG.state],
    ];
    for (const [change, message] of cases) {
      const res = await post('plan/create', { ...CARD, ...change });
      expect([change, res.body]).toEqual([change, { code: 400, message, data: null }]);
    }
    expect(await plans()).toEqual(before);
    const missing = await post('plan/update', { ...CARD, id: 999_999 });
    expect(missing.body).toMatchObject({ code: 404, message: MSG.planMissing });
  });

  it('creates, edits and stops a card; the VIP page is dropped each time', async () => {
    const page = await cached('vip-manage.test/vip', [vipTags.page]);
    const made = await post<{ id: number }>('plan/create', { ...CARD, name: ' 半年卡 ' });
    expect(made.body.message).toBe(MSG.planSaved);
    const id = made.body.data.id;
    expect(page()).toBe(false);
    const all = await plans();
    expect(all.map((p) => p.name)).toEqual(expect.arrayContaining(['月卡', '季卡', '年卡']));
    expect(all.at(-1)).toMatchObject({
      id,
      name: '半年卡',
      days: 180,
      priceCents: 14800,
      listPriceCents: 18000,
      state: 'active',
      sold: 0,
    });

    const edited = await cached('vip-manage.test/vip', [vipTags.page]);
    const res = await post('plan/update', { ...CARD, id, priceCents: 12800, listPriceCents: '' });
    expect(res.body.message).toBe(MSG.planSaved);
    expect(edited()).toBe(false);
    expect((await plans()).find((p) => p.id === id)).toMatchObject({
      priceCents: 12800,
      listPriceCents: null,
    });
    const onSale = async () => (await vipPlans(rt.deps)).map((p) => p.id);
    expect(await onSale()).toContain(id);

    const refused = await post('plan/update', { ...CARD, id, listPriceCents: 100 });
    expect(refused.body.message).toBe(MSG.listPrice);
    const stopped = await post('plan/update', { ...CARD, id, priceCents: 12800, state: 'stopped' });
    expect(stopped.body.message).toBe(MSG.planSaved);
    expect((await plans()).find((p) => p.id === id)).toMatchObject({ state: 'stopped' });
    expect(await onSale()).not.toContain(id);
    expect((await auditOf(id)).map((r) => [r.action, r.refusal])).toEqual([
      ['/api/admin/vip/plan/create', null],
      ['/api/admin/vip/plan/update', null],
      ['/api/admin/vip/plan/update', MSG.listPrice],
      ['/api/admin/vip/plan/update', null],
    ]);
  });
});

describe('会员权益', () => {
  async function courseWhere(kind: 'kit' | 'free' | 'paid') {
    const row = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('published', '=', 1)
      .$if(kind === 'kit', (q) =>
        q.where('type', '=', ORDER_COURSE_TYPE).where('price_cents', '>', 0),
      )
      .$if(kind === 'free', (q) => q.where('price_cents', '=', 0))
      .$if(kind === 'paid', (q) =>
        q.where('type', '!=', ORDER_COURSE_TYPE).where('price_cents', '>', 0),
      )
      .orderBy('id')
      .execute();
    return row.map((r) => r.id);
  }

  it('refuses a kit, an unpublished or a free course, and a rate or quota out of range', async () => {
    const before = await benefits();
    const [kit] = await courseWhere('kit');
    const [free] = await courseWhere('free');
    const [paid, hidden] = await courseWhere('paid');
    await rt.db.updateTable('courses').set({ published: 0 }).where('id', '=', hidden!).execute();
    const base = { freeCourseIds: [paid], ratePercent: 80, monthlyDownloads: 5, hideAds: true };
    const cases: [Record<string, unknown>, string][] = [
      [
        { freeCourseIds: [paid, kit] },
        `会员免费课程须为已上架的付费课程，且不能是实物套件：${kit}`,
      ],
      [
        { freeCourseIds: [free, hidden] },
        `会员免费课程须为已上架的付费课程，且不能是实物套件：${free}, ${hidden}`,
      ],
      [{ freeCourseIds: [999_999] }, `会员免费课程须为已上架的付费课程，且不能是实物套件：999999`],
      [{ freeCourseIds: 'x' }, `会员免费课程须为已上架的付费课程，且不能是实物套件：x`],
      [{ ratePercent: 9 }, MSG.rate],
      [{ ratePercent: 101 }, MSG.rate],
      [{ ratePercent: 85.5 }, MSG.rate],
      [{ monthlyDownloads: -1 }, MSG.downloads],
      [{ monthlyDownloads: 1001 }, MSG.downloads],
    ];
    try {
      for (const [change, message] of cases) {
        const res = await post('benefits/save', { ...base, ...change });
        expect([change, res.body]).toEqual([change, { code: 400, message, data: null }]);
      }
    } finally {
      await rt.db.updateTable('courses').set({ published: 1 }).where('id', '=', hidden!).execute();
    }
    expect(await benefits()).toEqual(before);
    const refusals = await auditOf(null, '/api/admin/vip/benefits/save');
    expect(refusals.length).toBe(cases.length);
    expect(refusals.every((r) => r.refusal !== null && r.target_id === null)).toBe(true);
  });

  it('saves them, dropping the VIP page and the pages of courses whose free status changed', async () => {
    const [a, b, c] = await courseWhere('paid');
    const first = await post<VipBenefits>('benefits/save', {
      freeCourseIds: `${a},${b}`, // as the console's form sends it
      ratePercent: '85',
      monthlyDownloads: '10',
      hideAds: '0',
    });
    expect(first.body).toMatchObject({ code: 200, message: MSG.benefitsSaved });
    const saved = { freeCourseIds: [a, b], ratePercent: 85, monthlyDownloads: 10, hideAds: false };
    expect(first.body.data).toEqual(saved);
    expect(await benefits()).toEqual(saved);

    // b stays free, a stops, c starts: a's and c's pages go, b's stays.
    const vip = await cached('vip-manage.test/vip', [vipTags.page]);
    const pageA = await cached('vip-manage.test/a', [courseTags.one(a!)]);
    const pageB = await cached('vip-manage.test/b', [courseTags.one(b!)]);
    const pageC = await cached('vip-manage.test/c', [courseTags.one(c!)]);
    try {
      const res = await post('benefits/save', {
        freeCourseIds: [b, c, c],
        ratePercent: 100,
        monthlyDownloads: 0,
        hideAds: true,
      });
      expect(res.body.message).toBe(MSG.benefitsSaved);
      expect([vip(), pageA(), pageB(), pageC()]).toEqual([false, false, true, false]);
    } finally {
      pageStore().clear();
    }
    expect(await benefits()).toEqual({
      freeCourseIds: [b, c],
      ratePercent: 100,
      monthlyDownloads: 0,
      hideAds: true,
    });
    const row = await rt.db
      .selectFrom('vip_benefits')
      .select(['free_course_ids', 'rate_percent', 'hide_ads'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      free_course_ids: JSON.stringify([b, c]),
      rate_percent: 100,
      hide_ads: 1,
    });
    const written = await auditOf(null, '/api/admin/vip/benefits/save');
    expect(written.filter((r) => r.refusal === null).length).toBe(2);
  });
});

describe('会员名单', () => {
  it('lists members by state and finds one by the tail of the phone', async () => {
    const [now, gone] = await newMembers(rt, 2);
    const day = 86_400_000;
    const t = (d: number) => new Date(rt.clock.now().getTime() + d * day).toISOString();
    await rt.db
      .insertInto('vip_members')
      .values([
        {
          user_id: now!.id,
          started_at: t(-10),
          ends_at: t(20),
          created_at: t(-10),
          updated_at: t(-10),
        },
        {
          user_id: gone!.id,
          started_at: t(-40),
          ends_at: t(-10),
          created_at: t(-40),
          updated_at: t(-40),
        },
      ])
      .execute();
    const list = async (query: string) => {
      const res = await call<{ list: AdminVipMemberRow[]; count: number }>(
        rt,
        `/api/admin/vip/members?size=100&${query}`,
        { token: admin },
      );
      expect(res.body.code).toBe(200);
      return res.body.data;
    };
    const ids = async (query: string) => (await list(query)).list.map((r) => r.id);
    expect(await ids('filter=all')).toEqual(expect.arrayContaining([now!.id, gone!.id]));
    expect(await ids('filter=active')).toContain(now!.id);
    expect(await ids('filter=active')).not.toContain(gone!.id);
    expect(await ids('filter=expired')).toContain(gone!.id);
    expect(await ids('filter=expired')).not.toContain(now!.id);
    const found = await list(`q=${now!.mobile.slice(-6)}`);
    expect(found.list).toEqual([
      {
        id: now!.id,
        name: expect.any(String),
        mobile: now!.mobile,
        startedAt: t(-10),
        endsAt: t(20),
        active: true,
      },
    ]);
    expect(await ids(`filter=expired&q=${now!.mobile}`)).toEqual([]);
  });

  it('answers members 403', async () => {
    const [m] = await newMembers(rt, 1);
    const write = await post('plan/create', CARD, m!.token);
    expect(write.body.code).toBe(403);
    const read = await call(rt, '/api/admin/vip/members', { token: m!.token });
    expect(read.body.code).toBe(403);
  });
});

/**
 * Group buying for staff (拼团, issue 27) on SQLite and PostgreSQL, through the console's
 * calls: a group offer refused in words with nothing stored; created, edited, stopped and
 * deleted, each change dropping the course's cached page and written to the audit log; an
 * offer that groups name is stopped, not deleted, and keeps its course; the group list and
 * one group's seats follow groups opened, joined, paid and refunded through the member API;
 * members cannot call any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminGroupOfferRow,
  AdminGroupRow,
  AdminGroupSeatRow,
  GroupSeat,
} from '../../../src/server/services/commerce/index.ts';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { courseTags } from '../../../src/server/cache/tags.ts';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { runDueJobs } from '../../../src/server/services/jobs/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../../src/shared/commerce.ts';
import { ORDER_COURSE_TYPE } from '../../../src/shared/constants.ts';
import { formatPrice } from '../../../src/shared/format.ts';
import { fmt } from '../../../src/shared/messages.ts';
import { GROUP_MSG } from '../../../src/shared/messages/groups.ts';
import { call } from '../../support/accounts.ts';
import { fakeWechatPay, newMembers, pay } from '../../support/commerce.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const MSG = GROUP_MSG.admin;
const HOUR = 3_600_000;
let rt: TestRuntime;
let admin = '';
/** Paid courses other than kits, by id: [id, list price in fen]. */
let paid: { id: number; price: number }[] = [];

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  paid = (
    await rt.db
      .selectFrom('courses')
      .select(['id', 'price_cents'])
      .where('published', '=', 1)
      .where('type', '!=', ORDER_COURSE_TYPE)
      .where('price_cents', '>', 200)
      // The demo's own group offers (Buck's) are left alone.
      .where('id', 'not in', (q) => q.selectFrom('group_offers').select('course_id'))
      .orderBy('id')
      .execute()
  ).map((c) => ({ id: c.id, price: c.price_cents }));
  expect(paid.length).toBeGreaterThan(4);
});

afterAll(async () => {
  await rt?.close();
});

function post<T = unknown>(path: string, json: Record<string, unknown>, token = admin) {
  return call<T>(rt, `/api/admin/group/${path}`, { json, token });
}

async function get<T>(path: string) {
  const res = await call<T>(rt, `/api/admin/group/${path}`, { token: admin });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

const offers = async () => (await get<{ list: AdminGroupOfferRow[] }>('offers')).list;
const offerOf = async (id: number) => (await offers()).find((o) => o.id === id);

async function auditOf(targetId: number | null) {
  return rt.db
    .selectFrom('admin_audit')
    .select(['action', 'refusal', 'target_id', 'before', 'after'])
    .where('target_type', '=', 'group')
    .$if(targetId !== null, (q) => q.where('target_id', '=', targetId!))
    .orderBy('id')
    .execute();
}

/** Caches a page under the course's tag; answers whether it is still there. */
async function cachedCourse(courseId: number) {
  const key = `groups-manage.test/${courseId}`;
  await pageStore().put(key, {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.from(`<html>${key}</html>`),
    maxAge: 60,
    swr: 600,
    tags: ['site', courseTags.one(courseId)],
  });
  const there = () => pageStore().get(key) !== undefined;
  expect(there()).toBe(true);
  return there;
}

const offer = (courseId: number, change: Record<string, unknown> = {}) => ({
  courseId,
  priceCents: 100,
  size: 3,
  hours: 24,
  startsAt: '',
  endsAt: '',
  state: 'active',
  ...change,
});

describe('拼团活动', () => {
  it('refuses an offer in words and stores nothing', async () => {
    const course = paid[0]!;
    const before = await offers();
    const [kit] = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('type', '=', ORDER_COURSE_TYPE)
      .where('price_cents', '>', 0)
      .execute();
    const [free] = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('price_cents', '=', 0)
      .execute();
    const price = fmt(MSG.price, { list: formatPrice(course.price) });
    const cases: [Record<string, unknown>, string][] = [
      [{ courseId: 999_999 }, MSG.course],
      [{ courseId: '' }, MSG.course],
      [{ courseId: free!.id }, MSG.courseFree],
      [{ courseId: kit!.id }, GROUP_MSG.kit],
      [{ priceCents: 0 }, price],
      [{ priceCents: '' }, price],
      [{ priceCents: 'abc' }, price],
      [{ priceCents: 1.5 }, price],
      [{ priceCents: course.price }, price],
      [{ size: 1 }, MSG.size],
      [{ size: 11 }, MSG.size],
      [{ size: 2.5 }, MSG.size],
      [{ size: '' }, MSG.size],
      [{ hours: 0 }, MSG.hours],
      [{ hours: 169 }, MSG.hours],
      [{ startsAt: 'tomorrow-ish' }, MSG.time],
      [{ startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, MSG.window],
      [{ startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, MSG.window],
      [{ state: 'deleted' }, MSG.state],
    ];
    for (const [change, message] of cases) {
      const res = await post('offer/create', offer(course.id, change));
      expect([change, res.body]).toEqual([change, { code: 400, message, data: null }]);
    }
    expect(await offers()).toEqual(before);
    const refusals = await auditOf(null);
    expect(refusals.length).toBe(cases.length);
    expect(refusals.every((r) => r.refusal !== null && r.target_id === null)).toBe(true);
    for (const [path, body] of [
      ['offer/update', { ...offer(course.id), id: 999_999 }],
      ['offer/delete', { id: 999_999 }],
    ] as const) {
      const res = await post(path, body);
      expect(res.body).toEqual({ code: 404, message: MSG.missing, data: null });
    }
  });

  it('creates, edits, stops and deletes an offer; the course page is dropped each time', async () => {
    const [a, b] = [paid[0]!, paid[1]!];
    let page = await cachedCourse(a.id);
    const made = await post<{ id: number }>('offer/create', {
      ...offer(a.id, { priceCents: String(a.price - 1), size: '2', hours: '48' }),
      startsAt: '2030-01-01T00:00:00+08:00',
      endsAt: '2030-02-01T00:00:00+08:00',
    });
    expect(made.body).toMatchObject({ code: 200, message: MSG.saved });
    const id = made.body.data.id;
    expect(page()).toBe(false);
    expect(await offerOf(id)).toEqual({
      id,
      courseId: a.id,
      courseTitle: expect.any(String),
      listPriceCents: a.price,
      priceCents: a.price - 1,
      size: 2,
      hours: 48,
      startsAt: '2029-12-31T16:00:00.000Z',
      endsAt: '2030-01-31T16:00:00.000Z',
      state: 'active',
      open: 0,
      full: 0,
      failed: 0,
      updatedAt: expect.any(String),
    });

    const twice = await post('offer/create', offer(a.id));
    expect(twice.body).toEqual({ code: 400, message: MSG.duplicate, data: null });

    // Moved to course b (no group yet): both pages go.
    page = await cachedCourse(a.id);
    const other = await cachedCourse(b.id);
    const moved = await post('offer/update', { ...offer(b.id, { size: 5, hours: 1 }), id });
    expect(moved.body.message).toBe(MSG.saved);
    expect([page(), other()]).toEqual([false, false]);
    expect(await offerOf(id)).toMatchObject({ courseId: b.id, size: 5, hours: 1, startsAt: null });

    const stopped = await cachedCourse(b.id);
    await post('offer/update', { ...offer(b.id, { size: 5, hours: 1, state: 'stopped' }), id });
    expect(stopped()).toBe(false);
    expect(await offerOf(id)).toMatchObject({ state: 'stopped' });

    const deleted = await cachedCourse(b.id);
    const gone = await post('offer/delete', { id });
    expect(gone.body).toMatchObject({ code: 200, message: MSG.deleted });
    expect(deleted()).toBe(false);
    expect(await offerOf(id)).toBeUndefined();

    const log = await auditOf(id);
    expect(log.map((r) => [r.action, r.refusal])).toEqual([
      ['/api/admin/group/offer/create', null],
      ['/api/admin/group/offer/update', null],
      ['/api/admin/group/offer/update', null],
      ['/api/admin/group/offer/delete', null],
    ]);
    expect(JSON.parse(log[2]!.before!)).toMatchObject({ state: 'active', course_id: b.id });
    expect(JSON.parse(log[2]!.after!)).toMatchObject({ state: 'stopped' });
    expect(log[3]!.after).toBeNull();
  });
});

describe('团列表', () => {
  function open(token: string, courseId: number) {
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
  const groups = (query: string) =>
    get<{ list: AdminGroupRow[]; count: number }>(`list?size=100&${query}`);
  const seats = async (id: number) =>
    (await get<{ list: AdminGroupSeatRow[] }>(`seats?id=${id}`)).list;

  it('lists groups opened and joined by members, and each group’s seats, orders and refunds', async () => {
    const course = paid[2]!;
    const made = await post<{ id: number }>('offer/create', offer(course.id, { size: 2 }));
    const id = made.body.data.id;
    const [leader, friend, late] = await newMembers(rt, 3);
    const { wxpay, stop } = await fakeWechatPay(rt);
    try {
      // A group that fills: opened, joined, both paid.
      const first = await open(leader!.token, course.id);
      expect(first.body.message).toBe(GROUP_MSG.opened);
      const code = first.body.data.group.code;
      const second = await join(friend!.token, code);
      expect(second.body.message).toBe(GROUP_MSG.joinedNow);
      let [row] = (await groups(`courseId=${course.id}`)).list;
      expect(row).toEqual({
        id: expect.any(Number),
        code,
        courseId: course.id,
        courseTitle: expect.any(String),
        leaderId: leader!.id,
        leaderName: expect.stringMatching(/^买家\d+$/),
        leaderMobile: leader!.mobile,
        size: 2,
        priceCents: 100,
        seats: 2,
        paid: 0,
        state: 'open',
        expiresAt: new Date(rt.clock.now().getTime() + 24 * HOUR).toISOString(),
        createdAt: rt.clock.now().toISOString(),
        closedAt: null,
      });
      const full = row!.id;
      expect(await seats(full)).toEqual([
        {
          id: expect.any(Number),
          userId: leader!.id,
          name: row!.leaderName,
          mobile: leader!.mobile,
          leader: true,
          orderNo: first.body.data.order.orderNo,
          amountCents: 100,
          orderStatus: 0,
          state: 'held',
          createdAt: expect.any(String),
          refunds: [],
        },
        expect.objectContaining({
          userId: friend!.id,
          mobile: friend!.mobile,
          leader: false,
          orderNo: second.body.data.order.orderNo,
          state: 'held',
        }),
      ]);
      expect(await pay(rt, wxpay, leader!.token, first.body.data.order.orderNo)).toBe(1);
      expect(await pay(rt, wxpay, friend!.token, second.body.data.order.orderNo)).toBe(1);
      [row] = (await groups(`courseId=${course.id}&state=full`)).list;
      expect(row).toMatchObject({ id: full, seats: 2, paid: 2, state: 'full' });
      expect((await seats(full)).map((s) => [s.state, s.orderStatus])).toEqual([
        ['paid', 1],
        ['paid', 1],
      ]);

      // A group that closes short: its one paid seat is refunded.
      const short = await open(late!.token, course.id);
      expect(await pay(rt, wxpay, late!.token, short.body.data.order.orderNo)).toBe(1);
      rt.clock.advance(24 * HOUR + 1000);
      await runDueJobs(rt.deps, JOB_HANDLERS);
      const failed = (await groups(`courseId=${course.id}&state=failed`)).list;
      expect(failed.map((g) => [g.code, g.paid, g.state])).toEqual([
        [short.body.data.group.code, 1, 'failed'],
      ]);
      expect((await groups(`courseId=${course.id}&state=open`)).list).toEqual([]);
      expect((await groups(`courseId=${course.id}`)).count).toBe(2);
      expect((await groups('state=bogus&courseId=x')).count).toBe(2);
      const [refunded] = await seats(failed[0]!.id);
      expect(refunded).toMatchObject({ userId: late!.id, state: 'refunded', orderStatus: 4 });
      expect(refunded!.refunds).toEqual([
        {
          outRefundNo: expect.any(String),
          amountCents: 100,
          status: 'success',
          doneAt: expect.any(String),
        },
      ]);
    } finally {
      stop();
    }

    expect(await offerOf(id)).toMatchObject({
      open: 0,
      full: 1,
      failed: 1,
    });
    // Groups name the offer: it is stopped, never deleted, and keeps its course.
    const kept = await post('offer/delete', { id });
    expect(kept.body).toEqual({ code: 400, message: MSG.inUse, data: null });
    const moved = await post('offer/update', { ...offer(paid[3]!.id), id });
    expect(moved.body).toEqual({ code: 400, message: MSG.courseLocked, data: null });
    const stopped = await post('offer/update', { ...offer(course.id, { state: 'stopped' }), id });
    expect(stopped.body.message).toBe(MSG.saved);
    const [someone] = await newMembers(rt, 1);
    expect((await open(someone!.token, course.id)).body.message).toBe(GROUP_MSG.offerClosed);
    expect(
      await rt.db.selectFrom('group_offers').select('state').where('id', '=', id).execute(),
    ).toEqual([{ state: 'stopped' }]);
  });

  it('answers an unknown group 404', async () => {
    const res = await call(rt, '/api/admin/group/seats?id=999999', { token: admin });
    expect(res.body).toEqual({ code: 404, message: GROUP_MSG.groupMissing, data: null });
  });

  it('answers members 403', async () => {
    const [m] = await newMembers(rt, 1);
    for (const path of ['offers', 'list', 'seats?id=1']) {
      const read = await call(rt, `/api/admin/group/${path}`, { token: m!.token });
      expect(read.body.code).toBe(403);
    }
    for (const path of ['offer/create', 'offer/update', 'offer/delete']) {
      const write = await post(path, { ...offer(paid[4]!.id), id: 1 }, m!.token);
      expect(write.body.code).toBe(403);
    }
    expect(await rt.db.selectFrom('group_offers').select('course_id').execute()).not.toContainEqual(
      { course_id: paid[4]!.id },
    );
  });
});

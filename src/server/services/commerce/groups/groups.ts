/**
 * Group buying (拼团, issue 27) as members meet it: a course's group price (group_offers);
 * a member opens a group or joins one through its share link (/group/<code>), each with an
 * order at the group price (orders.group_id; no coupon on top) that pays their seat.
 * The decisions, each one conditional write:
 * - a seat: `seats < size` on the group's row, so of buyers racing for the last seat one
 *   takes it and the others are told 该团已满员 (they may open a group of their own);
 * - an unpaid order that closes (cancelled, expired) gives its seat back (releaseGroupSeat);
 * - a payment marks the seat paid and counts it (`paid + 1`); the payment that makes
 *   `paid = size` fills the group and opens the course for every seat at once (groupPaid,
 *   inside applyTrade's transaction). Until then a paid seat waits: the course stays shut.
 * A group whose time runs out short fails and every paid seat is refunded (group-close.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  ORDER_STATUS,
  ORDER_TTL_MINUTES,
  PURCHASE_TERMS_VERSION,
} from '../../../../shared/commerce.ts';
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import { urls } from '../../../../shared/urls.ts';
import { iso } from '../../../clock.ts';
import type { DB } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { escapeHtml, isUniqueViolation } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { grantEntitlement, hasEntitlement } from '../entitlements.ts';
import { COMMERCE_MSG } from '../messages.ts';
import {
  logOrderEvent,
  newOrderNo,
  ORDER_COLUMNS,
  scheduleOrderExpiry,
  view,
  type OrderView,
} from '../orders.ts';
import { queueGroupRefund, scheduleGroupClose } from './group-close.ts';

type D = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'jobs'>>;

/** A course's group price as its page shows it (public, cacheable). */
export interface GroupOffer {
  courseId: number;
  priceCents: number;
  size: number;
  hours: number;
  startsAt: string | null;
  endsAt: string | null;
}

/** One group as its share page shows it (public: no member's name or phone). */
export interface GroupView {
  code: string;
  courseId: number;
  courseTitle: string;
  size: number;
  priceCents: number;
  listPriceCents: number;
  /** Seats taken (held or paid) and paid. */
  seats: number;
  paid: number;
  state: string;
  expiresAt: string;
}

/** What opening or joining answers: the group and the order that pays the seat. */
export interface GroupSeat {
  group: GroupView;
  order: OrderView;
}

/** A share code: 8 characters without look-alikes (0/O, 1/I/L). */
export function newGroupCode(): string {
  const abc = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return [...randomBytes(8)].map((b) => abc[b % abc.length]).join('');
}

/** The course's group price while groups may be opened now (started, not ended); null: none. */
export async function groupOffer(
  deps: Pick<Deps, 'db' | 'clock'>,
  courseId: number,
): Promise<GroupOffer | null> {
  const now = iso(deps.clock.now());
  const row = await deps.db
    .selectFrom('group_offers as g')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select(['g.course_id', 'g.price_cents', 'g.size', 'g.hours', 'g.starts_at', 'g.ends_at'])
    .where('g.course_id', '=', courseId)
    .where('g.state', '=', 'active')
    .where('c.published', '=', 1)
    .where('c.type', '!=', ORDER_COURSE_TYPE)
    .whereRef('g.price_cents', '<', 'c.price_cents')
    .where((w) => w.or([w('g.starts_at', 'is', null), w('g.starts_at', '<=', now)]))
    .where((w) => w.or([w('g.ends_at', 'is', null), w('g.ends_at', '>', now)]))
    .executeTakeFirst();
  if (!row) return null;
  return {
    courseId: row.course_id,
    priceCents: row.price_cents,
    size: row.size,
    hours: row.hours,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

/** One group by its share code. */
export async function groupByCode(deps: Pick<Deps, 'db'>, code: string): Promise<GroupView | null> {
  const row = await deps.db
    .selectFrom('buy_groups as g')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select([
      'g.code',
      'g.course_id as courseId',
      'c.title as courseTitle',
      'g.size',
      'g.price_cents as priceCents',
      'c.price_cents as listPriceCents',
      'g.seats',
      'g.paid',
      'g.state',
      'g.expires_at as expiresAt',
    ])
    .where('g.code', '=', code)
    .executeTakeFirst();
  return row ?? null;
}

/** The share code of a group by its id (the checkout of a seat's order links to its page). */
export async function groupCodeOf(deps: Pick<Deps, 'db'>, groupId: number): Promise<string | null> {
  const row = await deps.db
    .selectFrom('buy_groups')
    .select('code')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** The checks before a member takes a seat on a course (owned, an open order, a kit). */
async function seatAllowed(deps: D, userId: number, courseId: number): Promise<void> {
  if (await hasEntitlement(deps, userId, courseId)) throw AppError.badRequest(COMMERCE_MSG.owned);
  const open = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('status', '=', ORDER_STATUS.unpaid)
    .where('expires_at', '>', iso(deps.clock.now()))
    .executeTakeFirst();
  if (open) throw AppError.badRequest(GROUP_MSG.openOrder);
}

/** The order paying a seat (inside the seat's transaction). */
async function seatOrder(
  deps: D,
  trx: Transaction<DB>,
  userId: number,
  group: { id: number; course_id: number; price_cents: number },
  now: Date,
): Promise<OrderView> {
  const course = await trx
    .selectFrom('courses')
    .select(['title', 'price_cents'])
    .where('id', '=', group.course_id)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('orders')
    .values({
      order_no: newOrderNo(now),
      user_id: userId,
      course_id: group.course_id,
      group_id: group.id,
      title: course.title,
      amount_cents: group.price_cents,
      list_price_cents: course.price_cents,
      discount_cents: 0,
      offer_kind: 'group',
      offer_price_cents: group.price_cents,
      status: ORDER_STATUS.unpaid,
      address: null,
      terms_version: PURCHASE_TERMS_VERSION,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000)),
    })
    .returning(ORDER_COLUMNS)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('buy_group_seats')
    .values({
      group_id: group.id,
      user_id: userId,
      order_id: row.id,
      state: 'held',
      created_at: iso(now),
      updated_at: iso(now),
    })
    .onConflict((oc) =>
      oc
        .columns(['group_id', 'user_id'])
        .doUpdateSet({ order_id: row.id, state: 'held', updated_at: iso(now) })
        .where('buy_group_seats.state', '=', 'released'),
    )
    .execute();
  await logOrderEvent(trx, row.id, 'created', `member:${userId}`, now, {
    amountCents: row.amount_cents,
    groupId: group.id,
  });
  await scheduleOrderExpiry(deps.jobs, trx, row.id, new Date(row.expires_at ?? now), now);
  return view(row);
}

/** Opens a group on the course (the member takes its first seat) with the order paying it. */
export async function openGroup(
  deps: D,
  userId: number,
  input: { courseId: number; termsVersion: string },
): Promise<GroupSeat> {
  if (input.termsVersion !== PURCHASE_TERMS_VERSION)
    throw AppError.badRequest(COMMERCE_MSG.termsOutdated);
  const offer = await deps.db
    .selectFrom('group_offers')
    .select('id')
    .where('course_id', '=', input.courseId)
    .executeTakeFirst();
  if (!offer) throw AppError.badRequest(GROUP_MSG.offerMissing);
  // Not started, ended or stopped (groupOffer decides the window for the page and here).
  const terms = await groupOffer(deps, input.courseId);
  if (!terms) throw AppError.badRequest(GROUP_MSG.offerClosed);
  const now = deps.clock.now();
  await seatAllowed(deps, userId, input.courseId);
  const code = newGroupCode();
  const order = await deps.db.transaction().execute(async (trx) => {
    const group = await trx
      .insertInto('buy_groups')
      .values({
        code,
        offer_id: offer.id,
        course_id: input.courseId,
        leader_id: userId,
        size: terms.size,
        price_cents: terms.priceCents,
        seats: 1,
        paid: 0,
        state: 'open',
        expires_at: iso(new Date(now.getTime() + terms.hours * 3600_000)),
        created_at: iso(now),
        closed_at: null,
      })
      .returning(['id', 'course_id', 'price_cents', 'expires_at'])
      .executeTakeFirstOrThrow();
    await scheduleGroupClose(deps.jobs, trx, group.id, group.expires_at, now);
    return seatOrder(deps, trx, userId, group, now).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw AppError.badRequest(GROUP_MSG.openOrder);
      throw err;
    });
  });
  return { group: (await groupByCode(deps, code))!, order };
}

/** Joins a group through its share code: one conditional UPDATE decides the seat. */
export async function joinGroup(
  deps: D,
  userId: number,
  input: { code: string; termsVersion: string },
): Promise<GroupSeat> {
  if (input.termsVersion !== PURCHASE_TERMS_VERSION)
    throw AppError.badRequest(COMMERCE_MSG.termsOutdated);
  const group = await deps.db
    .selectFrom('buy_groups')
    .select(['id', 'course_id', 'price_cents', 'state', 'expires_at'])
    .where('code', '=', input.code)
    .executeTakeFirst();
  if (!group) throw AppError.notFound(GROUP_MSG.groupMissing);
  const now = deps.clock.now();
  const mine = await deps.db
    .selectFrom('buy_group_seats')
    .select('state')
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (mine && mine.state !== 'released') throw AppError.badRequest(GROUP_MSG.joined);
  if (group.state !== 'open' || group.expires_at <= iso(now))
    throw AppError.badRequest(group.state === 'full' ? GROUP_MSG.full : GROUP_MSG.ended);
  await seatAllowed(deps, userId, group.course_id);
  const order = await deps.db
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .updateTable('buy_groups')
        .set((eb) => ({ seats: eb('seats', '+', 1) }))
        .where('id', '=', group.id)
        .where('state', '=', 'open')
        .where('expires_at', '>', iso(now))
        .whereRef('seats', '<', 'size')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw AppError.badRequest(GROUP_MSG.full);
      return seatOrder(deps, trx, userId, group, now);
    })
    .catch((err: unknown) => {
      // The same member twice at once (the seat's unique pair), or an open order meanwhile.
      if (isUniqueViolation(err)) throw AppError.badRequest(GROUP_MSG.joined);
      throw err;
    });
  return { group: (await groupByCode(deps, input.code))!, order };
}

/** An unpaid seat's order closed (cancelled, expired): the seat is free again. */
export async function releaseGroupSeat(trx: Transaction<DB>, orderId: number, now: Date) {
  const seat = await trx
    .updateTable('buy_group_seats')
    .set({ state: 'released', updated_at: iso(now) })
    .where('order_id', '=', orderId)
    .where('state', '=', 'held')
    .returning('group_id')
    .executeTakeFirst();
  if (!seat) return;
  await trx
    .updateTable('buy_groups')
    .set((eb) => ({ seats: eb('seats', '-', 1) }))
    .where('id', '=', seat.group_id)
    .where('seats', '>', 0)
    .execute();
}

/**
 * A seat's order is paid (inside applyTrade's transaction): the seat counts as paid, and the
 * payment that fills the group opens the course for every seat and tells each buyer.
 * Answers 'waiting' (the group is not full yet), 'full', or 'late' (the group failed
 * before this payment came: the order is refunded like the others, group-close.ts).
 */
export async function groupPaid(
  deps: Partial<Pick<Deps, 'jobs'>>,
  trx: Transaction<DB>,
  order: { id: number; group_id: number },
  accessDays: number | null,
  now: Date,
): Promise<'waiting' | 'full' | 'late'> {
  const seat = await trx
    .updateTable('buy_group_seats')
    .set({ state: 'paid', updated_at: iso(now) })
    .where('order_id', '=', order.id)
    .where('state', 'in', ['held', 'released'])
    .returning('state')
    .executeTakeFirst();
  const counted = seat
    ? await trx
        .updateTable('buy_groups')
        .set((eb) => ({ paid: eb('paid', '+', 1) }))
        .where('id', '=', order.group_id)
        .where('state', '=', 'open')
        .whereRef('paid', '<', 'size')
        .returning(['paid', 'size'])
        .executeTakeFirst()
    : undefined;
  if (!counted) {
    await queueGroupRefund(deps.jobs, trx, order.id, now);
    return 'late';
  }
  if (counted.paid < counted.size) return 'waiting';
  await trx
    .updateTable('buy_groups')
    .set({ state: 'full', closed_at: iso(now) })
    .where('id', '=', order.group_id)
    .execute();
  const seats = await trx
    .selectFrom('buy_group_seats as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('buy_groups as g', 'g.id', 's.group_id')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select(['o.id', 'o.user_id', 'o.course_id', 'c.title', 'g.size'])
    .where('s.group_id', '=', order.group_id)
    .where('s.state', '=', 'paid')
    .execute();
  for (const s of seats) {
    await grantEntitlement(trx, { ...s, course_id: s.course_id! }, accessDays, now);
    await logOrderEvent(trx, s.id, 'group_full', 'system', now, { groupId: order.group_id });
    if (
      await claimMessage(trx, `group-full:${order.group_id}:${s.user_id}`, s.user_id, 'inbox', now)
    )
      await insertPersonalNotice(
        trx,
        {
          userId: s.user_id,
          category: GROUP_MSG.category,
          title: fmt(GROUP_MSG.fullTitle, { course: s.title }),
          html:
            `<p>${escapeHtml(fmt(GROUP_MSG.fullBody, { course: s.title, size: String(s.size) }))}</p>` +
            `<p><a href="${urls.course(s.course_id!)}">开始学习</a></p>`,
        },
        now,
      );
  }
  return 'full';
}

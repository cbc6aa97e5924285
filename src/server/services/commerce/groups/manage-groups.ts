/**
 * Group buying for staff (拼团, issue 27): a course's group offer created, edited, stopped or
 * deleted, the groups members opened, and one group's seats with their orders and refunds.
 * The server checks every rule and words each refusal (GROUP_MSG.admin). An offer that
 * groups name is stopped, never deleted (buy_groups.offer_id refers to it) and keeps its
 * course; a group already open keeps its size and price. A change drops the course's page
 * (it shows the group price) in the same commit, and again at the offer's start and end
 * (offer.boundary). The route layer audits it (target 'group', the row before and after).
 */
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { formatPrice } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import { courseTags } from '../../../cache/tags.ts';
import { scheduleOfferBoundaries } from '../offers/manage-offers.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import {
  commitChange,
  isUniqueViolation,
  listPage,
  type PageInput,
  type Paged,
} from '../../lib/index.ts';

const MSG = GROUP_MSG.admin;

export const GROUP_OFFER_STATES = ['active', 'stopped'] as const;
export type GroupOfferState = (typeof GROUP_OFFER_STATES)[number];
export const GROUP_STATES = ['open', 'full', 'failed'] as const;
export type GroupState = (typeof GROUP_STATES)[number];

/** A group offer as staff create or edit it (price in fen, times ISO instants). */
export interface GroupOfferInput {
  courseId: number;
  priceCents: number;
  size: number;
  hours: number;
  startsAt?: string | null;
  endsAt?: string | null;
  state: string;
}

/** One row of GET /api/admin/group/offers. */
export interface AdminGroupOfferRow {
  id: number;
  courseId: number;
  courseTitle: string;
  listPriceCents: number;
  priceCents: number;
  size: number;
  hours: number;
  startsAt: string | null;
  endsAt: string | null;
  state: GroupOfferState;
  /** Its groups by state. */
  open: number;
  full: number;
  failed: number;
  updatedAt: string;
}

/** One row of GET /api/admin/group/list. */
export interface AdminGroupRow {
  id: number;
  code: string;
  courseId: number;
  courseTitle: string;
  leaderId: number;
  leaderName: string;
  /** The whole number, as 订单管理 shows it to admins. */
  leaderMobile: string;
  size: number;
  priceCents: number;
  /** Seats taken (held by an unpaid order or paid) and paid. */
  seats: number;
  paid: number;
  state: GroupState;
  expiresAt: string;
  createdAt: string;
  closedAt: string | null;
}

/** A refund of a seat's order. */
export interface AdminGroupSeatRefund {
  outRefundNo: string;
  amountCents: number;
  /** processing, success, failed (COMMERCE_MSG.refundState names them). */
  status: string;
  doneAt: string | null;
}

/** One row of GET /api/admin/group/seats: a member's seat and the order paying it. */
export interface AdminGroupSeatRow {
  id: number;
  userId: number;
  name: string;
  mobile: string;
  /** The group's leader (who opened it). */
  leader: boolean;
  orderNo: string;
  amountCents: number;
  /** orders.status (COMMERCE_MSG.orderStatus names it). */
  orderStatus: number;
  /** held, paid, released, refunded (GROUP_MSG.admin.seatState names them). */
  state: string;
  createdAt: string;
  refunds: AdminGroupSeatRefund[];
}

/** Every group offer, the latest change first, with its course and how its groups went. */
export async function listGroupOffers(deps: Pick<Deps, 'db'>): Promise<AdminGroupOfferRow[]> {
  const rows = await deps.db
    .selectFrom('group_offers as g')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select((eb) => {
      const count = (state: GroupState) =>
        eb
          .selectFrom('buy_groups as b')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('b.offer_id', '=', 'g.id')
          .where('b.state', '=', state);
      return [
        'g.id',
        'g.course_id',
        'g.price_cents',
        'g.size',
        'g.hours',
        'g.starts_at',
        'g.ends_at',
        'g.state',
        'g.updated_at',
        'c.title',
        'c.price_cents as list_price_cents',
        count('open').as('open'),
        count('full').as('full'),
        count('failed').as('failed'),
      ];
    })
    .orderBy('g.updated_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course_id,
    courseTitle: r.title,
    listPriceCents: r.list_price_cents,
    priceCents: r.price_cents,
    size: r.size,
    hours: r.hours,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    state: r.state as GroupOfferState,
    open: Number(r.open ?? 0),
    full: Number(r.full ?? 0),
    failed: Number(r.failed ?? 0),
    updatedAt: r.updated_at,
  }));
}

const wholeIn = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

function instant(v: string | null | undefined): string | null {
  if (v === null || v === undefined || v.trim() === '') return null;
  const t = new Date(v);
  if (Number.isNaN(t.getTime())) throw AppError.badRequest(MSG.time);
  return iso(t);
}

/** The checked row to write, or the refusal (in the order the form shows the fields). */
async function checked(db: Database, input: GroupOfferInput) {
  const course = wholeIn(input.courseId, 1, 2_147_483_647)
    ? await db
        .selectFrom('courses')
        .select(['id', 'price_cents', 'type'])
        .where('id', '=', input.courseId)
        .executeTakeFirst()
    : undefined;
  if (!course) throw AppError.badRequest(MSG.course);
  if (course.price_cents <= 0) throw AppError.badRequest(MSG.courseFree);
  if (course.type === ORDER_COURSE_TYPE) throw AppError.badRequest(GROUP_MSG.kit);
  if (!wholeIn(input.priceCents, 1, course.price_cents - 1))
    throw AppError.badRequest(fmt(MSG.price, { list: formatPrice(course.price_cents) }));
  if (!wholeIn(input.size, 2, 10)) throw AppError.badRequest(MSG.size);
  if (!wholeIn(input.hours, 1, 168)) throw AppError.badRequest(MSG.hours);
  const startsAt = instant(input.startsAt);
  const endsAt = instant(input.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw AppError.badRequest(MSG.window);
  if (!(GROUP_OFFER_STATES as readonly string[]).includes(input.state))
    throw AppError.badRequest(MSG.state);
  return {
    course_id: course.id,
    price_cents: input.priceCents,
    size: input.size,
    hours: input.hours,
    starts_at: startsAt,
    ends_at: endsAt,
    state: input.state,
  };
}

/** A second offer on a course is refused in words (the unique index decides). */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.badRequest(MSG.duplicate);
    throw err;
  }
}

/** How many groups were opened under the offer. */
async function groupsOf(db: Database, offerId: number): Promise<number> {
  const row = await db
    .selectFrom('buy_groups')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('offer_id', '=', offerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Creates a course's group offer. */
export async function createGroupOffer(
  deps: Deps,
  input: GroupOfferInput,
): Promise<{ id: number }> {
  const row = await checked(deps.db, input);
  const now = iso(deps.clock.now());
  return unique(() =>
    commitChange(deps, async (trx) => {
      const made = await trx
        .insertInto('group_offers')
        .values({ ...row, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = [row.starts_at, row.ends_at]; // the course page is dropped at each
      await scheduleOfferBoundaries(deps, trx, row.course_id, at, deps.clock.now());
      return { value: { id: made.id }, tags: [courseTags.one(row.course_id)] };
    }),
  );
}

/** Edits an offer (停止 is an edit: state 'stopped'); groups already open keep their terms. */
export async function updateGroupOffer(
  deps: Deps,
  id: number,
  input: GroupOfferInput,
): Promise<{ id: number }> {
  const old = await deps.db
    .selectFrom('group_offers')
    .select('course_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!old) throw AppError.notFound(MSG.missing);
  const row = await checked(deps.db, input);
  if (row.course_id !== old.course_id && (await groupsOf(deps.db, id)) > 0)
    throw AppError.badRequest(MSG.courseLocked);
  return unique(() =>
    commitChange(deps, async (trx) => {
      await trx
        .updateTable('group_offers')
        .set({ ...row, updated_at: iso(deps.clock.now()) })
        .where('id', '=', id)
        .execute();
      const at = [row.starts_at, row.ends_at];
      await scheduleOfferBoundaries(deps, trx, row.course_id, at, deps.clock.now());
      return {
        value: { id },
        tags: [...new Set([courseTags.one(old.course_id), courseTags.one(row.course_id)])],
      };
    }),
  );
}

/** Deletes an offer no group was opened under; one with groups is stopped instead. */
export async function deleteGroupOffer(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const old = await trx
      .selectFrom('group_offers')
      .select('course_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!old) throw AppError.notFound(MSG.missing);
    if ((await groupsOf(trx, id)) > 0) throw AppError.badRequest(MSG.inUse);
    await trx.deleteFrom('group_offers').where('id', '=', id).execute();
    return { value: { id }, tags: [courseTags.one(old.course_id)] };
  });
}

/** Groups, the latest opened first; by state and by course. */
export async function listGroups(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { state?: GroupState; courseId?: number },
): Promise<Paged<AdminGroupRow>> {
  const base = deps.db
    .selectFrom('buy_groups as g')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .innerJoin('users as u', 'u.id', 'g.leader_id')
    .$if(opts.state !== undefined, (b) => b.where('g.state', '=', opts.state!))
    .$if(opts.courseId !== undefined, (b) => b.where('g.course_id', '=', opts.courseId!));
  return listPage(
    base,
    (b) =>
      b
        .select([
          'g.id',
          'g.code',
          'g.course_id',
          'c.title',
          'g.leader_id',
          'u.name',
          'u.mobile',
          'g.size',
          'g.price_cents',
          'g.seats',
          'g.paid',
          'g.state',
          'g.expires_at',
          'g.created_at',
          'g.closed_at',
        ])
        .orderBy('g.created_at', 'desc')
        .orderBy('g.id', 'desc'),
    (r) => ({
      id: r.id,
      code: r.code,
      courseId: r.course_id,
      courseTitle: r.title,
      leaderId: r.leader_id,
      leaderName: r.name,
      leaderMobile: r.mobile,
      size: r.size,
      priceCents: r.price_cents,
      seats: r.seats,
      paid: r.paid,
      state: r.state as GroupState,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
      closedAt: r.closed_at,
    }),
    opts,
  );
}

/** One group's seats in the order they were taken, each with its order and that order's refunds. */
export async function groupSeats(
  deps: Pick<Deps, 'db'>,
  groupId: number,
): Promise<AdminGroupSeatRow[]> {
  const group = await deps.db
    .selectFrom('buy_groups')
    .select('leader_id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw AppError.notFound(GROUP_MSG.groupMissing);
  const seats = await deps.db
    .selectFrom('buy_group_seats as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select([
      's.id',
      's.user_id as userId',
      'u.name',
      'u.mobile',
      's.order_id as orderId',
      'o.order_no as orderNo',
      'o.amount_cents as amountCents',
      'o.status as orderStatus',
      's.state',
      's.created_at as createdAt',
    ])
    .where('s.group_id', '=', groupId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  // Every group has a seat (its leader's, taken in the same transaction that opened it).
  const refunds = await deps.db
    .selectFrom('refunds')
    .select([
      'order_id as orderId',
      'out_refund_no as outRefundNo',
      'amount_cents as amountCents',
      'status',
      'done_at as doneAt',
    ])
    .where('order_id', 'in', [0, ...seats.map((s) => s.orderId)])
    .orderBy('id')
    .execute();
  return seats.map(({ orderId, ...s }) => ({
    ...s,
    leader: s.userId === group.leader_id,
    refunds: refunds.filter((r) => r.orderId === orderId).map(({ orderId: _, ...r }) => r),
  }));
}

/**
 * The coupons members hold (issue 27): a held coupon's state and projection, handing
 * one out (领券 from a course page, or staff's 发放) decided atomically — the total by
 * one conditional UPDATE of the template's remaining count, the per-member limit by the
 * unique (coupon, member, copy) index — and the coupons a course page offers to claim.
 * 我的优惠券 and the checkout's list are in my-coupons.ts.
 */
import { sql, type Transaction } from 'kysely';
import { COUPON_TEXT, couponLabel, type CouponScope } from '../../../../shared/coupons.ts';
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { formatDate } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { CouponsTable, DB } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { isUniqueViolation } from '../../lib/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { ORDER_USED_STATUSES } from './order-coupons.ts';
import type { CouponTerms } from './pricing.ts';
import type { Selectable } from 'kysely';

type Db = Transaction<DB> | Deps['db'];
export type CouponRow = Selectable<CouponsTable>;

const MSG = COMMERCE_MSG.coupon;
const DAY_MS = 86_400_000;

/** A coupon template's pricing terms. */
export function termsOf(c: {
  kind: string;
  amount_cents: number;
  rate_percent: number;
  max_discount_cents: number | null;
  min_spend_cents: number;
}): CouponTerms {
  return {
    kind: c.kind,
    amountCents: c.amount_cents,
    ratePercent: c.rate_percent,
    maxDiscountCents: c.max_discount_cents,
    minSpendCents: c.min_spend_cents,
  };
}

/** The course ids of a 'named' coupon (stored as a JSON list). */
export function courseIdsOf(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** Whether a coupon's scope covers a course (a kit is an order-type course). */
export function inScope(
  c: { scope: string; course_ids: string },
  course: { id: number; type: number },
): boolean {
  switch (c.scope as CouponScope) {
    case 'all':
      return true;
    case 'courses':
      return course.type !== ORDER_COURSE_TYPE;
    case 'kits':
      return course.type === ORDER_COURSE_TYPE;
    case 'named':
      return courseIdsOf(c.course_ids).includes(course.id);
    default:
      return false;
  }
}

/** 领取后 30 天内有效, or 2026-12-31 前有效. */
export function validityText(c: Pick<CouponRow, 'valid_to' | 'valid_days'>): string {
  if (c.valid_days) return `领取后 ${c.valid_days} 天内有效`;
  return c.valid_to ? `${formatDate(c.valid_to)} 前有效` : '';
}

/** A coupon a member holds, as 我的优惠券 and the checkout show it. */
export interface MemberCoupon {
  id: number;
  couponId: number;
  name: string;
  /** 满 99 减 20, 8.5 折（最多减 50）. */
  label: string;
  kind: string;
  amountCents: number;
  ratePercent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
  scope: string;
  scopeText: string;
  startsAt: string;
  expiresAt: string;
  /** usable, notStarted, held (on an unpaid order), used, expired. */
  state: 'usable' | 'notStarted' | 'held' | 'used' | 'expired';
  /** The order carrying it (held or used). */
  orderNo: string | null;
  usedAt: string | null;
  source: string;
}

export function heldQuery(db: Db) {
  return db
    .selectFrom('member_coupons as mc')
    .innerJoin('coupons as c', 'c.id', 'mc.coupon_id')
    .leftJoin('orders as o', 'o.id', 'mc.order_id');
}

export const HELD_COLUMNS = [
  'mc.id',
  'mc.coupon_id',
  'mc.user_id',
  'mc.source',
  'mc.starts_at',
  'mc.expires_at',
  'mc.order_id',
  'mc.created_at',
  'c.name',
  'c.kind',
  'c.amount_cents',
  'c.rate_percent',
  'c.max_discount_cents',
  'c.min_spend_cents',
  'c.scope',
  'c.course_ids',
  'o.order_no',
  'o.status as order_status',
  'o.course_id as order_course_id',
  'o.paid_at',
] as const;

export type HeldRow = {
  id: number;
  coupon_id: number;
  user_id: number;
  source: string;
  starts_at: string;
  expires_at: string;
  order_id: number | null;
  created_at: string;
  name: string;
  kind: string;
  amount_cents: number;
  rate_percent: number;
  max_discount_cents: number | null;
  min_spend_cents: number;
  scope: string;
  course_ids: string;
  order_no: string | null;
  order_status: number | null;
  order_course_id: number | null;
  paid_at: string | null;
};

export function stateOf(r: HeldRow, now: Date): MemberCoupon['state'] {
  if (r.order_status !== null && ORDER_USED_STATUSES.includes(r.order_status)) return 'used';
  if (r.expires_at <= iso(now)) return 'expired';
  if (r.order_status === 0) return 'held';
  if (r.starts_at > iso(now)) return 'notStarted';
  return 'usable';
}

export function memberCoupon(r: HeldRow, now: Date): MemberCoupon {
  const state = stateOf(r, now);
  return {
    id: r.id,
    couponId: r.coupon_id,
    name: r.name,
    label: couponLabel(termsOf(r)),
    kind: r.kind,
    amountCents: r.amount_cents,
    ratePercent: r.rate_percent,
    maxDiscountCents: r.max_discount_cents,
    minSpendCents: r.min_spend_cents,
    scope: r.scope,
    scopeText: COUPON_TEXT.scope[r.scope as CouponScope] ?? '',
    startsAt: r.starts_at,
    expiresAt: r.expires_at,
    state,
    orderNo: state === 'used' || state === 'held' ? r.order_no : null,
    usedAt: state === 'used' ? r.paid_at : null,
    source: r.source,
  };
}

/** One held coupon with its template and order, or undefined. */
export function heldCoupon(db: Db, memberCouponId: number): Promise<HeldRow | undefined> {
  return heldQuery(db).select(HELD_COLUMNS).where('mc.id', '=', memberCouponId).executeTakeFirst();
}

/** The member's coupons that are neither used nor expired (the checkout's choice). */
export function openCoupons(db: Db, userId: number, now: Date): Promise<HeldRow[]> {
  return heldQuery(db)
    .select(HELD_COLUMNS)
    .where('mc.user_id', '=', userId)
    .where('mc.expires_at', '>', iso(now))
    .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.status', 'not in', ORDER_USED_STATUSES)]))
    .orderBy('mc.expires_at')
    .orderBy('mc.id')
    .execute();
}

/** Why a coupon cannot be handed out now, or null: not active, its window over. */
function grantRefusal(c: CouponRow, now: Date): string | null {
  if (c.state !== 'active') return c.state === 'stopped' ? MSG.ended : MSG.notClaimable;
  if (c.valid_to && c.valid_to <= iso(now)) return MSG.ended;
  if (c.remaining <= 0) return MSG.soldOut;
  return null;
}

/**
 * Hands one copy of a coupon to a member inside the caller's transaction: refused past the
 * per-member limit, or when the remaining count is gone (the conditional UPDATE decides it,
 * whatever runs in parallel). A parallel grant to the same member fails on the unique index.
 */
export async function grantCoupon(
  trx: Transaction<DB>,
  c: CouponRow,
  userId: number,
  source: 'claim' | 'issue' | 'register' | 'invite' | 'seed',
  now: Date,
): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const refusal = grantRefusal(c, now);
  if (refusal) return { ok: false, message: refusal };
  const held = Number(
    (
      await trx
        .selectFrom('member_coupons')
        .select(sql<number>`count(*)`.as('n'))
        .where('coupon_id', '=', c.id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (held >= c.per_member) return { ok: false, message: fmt(MSG.limit, { n: c.per_member }) };
  // The decision on the total: only a write that finds one left takes it.
  const took = await trx
    .updateTable('coupons')
    .set({ remaining: sql<number>`remaining - 1` })
    .where('id', '=', c.id)
    .where('remaining', '>', 0)
    .where('state', '=', 'active')
    .executeTakeFirst();
  if (Number(took.numUpdatedRows) !== 1) return { ok: false, message: MSG.soldOut };
  const startsAt = c.valid_from && c.valid_from > iso(now) ? c.valid_from : iso(now);
  const ends = [
    ...(c.valid_to ? [c.valid_to] : []),
    ...(c.valid_days ? [iso(new Date(now.getTime() + c.valid_days * DAY_MS))] : []),
  ].sort();
  const row = await trx
    .insertInto('member_coupons')
    .values({
      coupon_id: c.id,
      user_id: userId,
      seq: held + 1,
      source,
      starts_at: startsAt,
      expires_at: ends[0] ?? iso(new Date(now.getTime() + 365 * DAY_MS)),
      order_id: null,
      created_at: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

/**
 * Grants in a transaction of its own: the answer, or the per-member refusal when a
 * parallel grant to the same member took the same copy number first.
 */
export async function grantAlone(
  deps: Pick<Deps, 'db' | 'clock'>,
  couponId: number,
  userId: number,
  source: 'claim' | 'issue' | 'register' | 'invite' | 'seed',
  opts: { claim?: boolean } = {},
): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom('coupons')
        .selectAll()
        .where('id', '=', couponId)
        .executeTakeFirst();
      if (!c) return { ok: false as const, message: MSG.missing };
      if (opts.claim && !c.claimable) return { ok: false as const, message: MSG.notClaimable };
      return grantCoupon(trx, c, userId, source, now);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const c = await deps.db
      .selectFrom('coupons')
      .select('per_member')
      .where('id', '=', couponId)
      .executeTakeFirst();
    return { ok: false, message: fmt(MSG.limit, { n: c?.per_member ?? 1 }) };
  }
}

/** 领券: a member takes a claimable coupon (from a course page). */
export async function claimCoupon(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  couponId: number,
): Promise<{ memberCouponId: number }> {
  const got = await grantAlone(deps, couponId, userId, 'claim', { claim: true });
  if (!got.ok) throw AppError.badRequest(got.message);
  return { memberCouponId: got.id };
}

/** A coupon a course page offers to claim. */
export interface ClaimableCoupon {
  id: number;
  name: string;
  label: string;
  scopeText: string;
  validity: string;
  perMember: number;
  /** How many the member holds already (0 for a visitor). */
  claimed: number;
  canClaim: boolean;
}

/** The coupons a course page offers (active, claimable, some left, covering the course). */
export async function claimableCoupons(
  deps: Pick<Deps, 'db' | 'clock'>,
  courseId: number,
  userId: number | null,
): Promise<ClaimableCoupon[]> {
  const course = await deps.db
    .selectFrom('courses')
    .select(['id', 'type', 'price_cents', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !course.published || course.price_cents <= 0) return [];
  const now = iso(deps.clock.now());
  const rows = (
    await deps.db
      .selectFrom('coupons')
      .selectAll()
      .where('state', '=', 'active')
      .where('claimable', '=', 1)
      .where('remaining', '>', 0)
      .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
      .orderBy('id')
      .execute()
  ).filter((c) => inScope(c, course));
  const held =
    userId === null || rows.length === 0
      ? []
      : await deps.db
          .selectFrom('member_coupons')
          .select(['coupon_id', sql<number>`count(*)`.as('n')])
          .where('user_id', '=', userId)
          .where(
            'coupon_id',
            'in',
            rows.map((r) => r.id),
          )
          .groupBy('coupon_id')
          .execute();
  return rows.map((c) => {
    const claimed = Number(held.find((h) => h.coupon_id === c.id)?.n ?? 0);
    return {
      id: c.id,
      name: c.name,
      label: couponLabel(termsOf(c)),
      scopeText: COUPON_TEXT.scope[c.scope as CouponScope] ?? '',
      validity: validityText(c),
      perMember: c.per_member,
      claimed,
      canClaim: claimed < c.per_member,
    };
  });
}

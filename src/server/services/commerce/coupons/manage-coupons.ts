/**
 * Coupons for staff (issue 27): the templates (create, edit, stop), 发放 to named
 * members by phone number, and who holds and used each. A template's pricing terms
 * (kind, amounts, minimum spend, scope) are fixed once any member holds a copy: what
 * a member was given does not change under them. Stopping ends handing out (claims
 * and issues); coupons already held stay usable until they expire.
 */
import { sql } from 'kysely';
import {
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_STATES,
  couponLabel,
  type CouponState,
} from '../../../../shared/coupons.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { listPage, type PageInput, type Paged } from '../../lib/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import {
  courseIdsOf,
  grantAlone,
  HELD_COLUMNS,
  heldQuery,
  memberCoupon,
  termsOf,
  type CouponRow,
} from './member-coupons.ts';
import { ORDER_USED_STATUSES } from './order-coupons.ts';

type D = Pick<Deps, 'db' | 'clock'>;
const MSG = COMMERCE_MSG.couponAdmin;
const MAX_CENTS = 1_000_000;

/** What the console sends for a template. */
export interface CouponInput {
  name: string;
  kind: string;
  amountCents?: number | null;
  ratePercent?: number | null;
  maxDiscountCents?: number | null;
  minSpendCents?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
  validDays?: number | null;
  total: number;
  perMember: number;
  scope: string;
  courseIds?: number[];
  claimable: boolean;
  /** 新会员注册时自动发放 (新人券): handed to every member at registration. */
  onRegister?: boolean;
  onInvite?: boolean;
  state: string;
}

/** A template as the console lists it. */
export interface AdminCouponRow {
  id: number;
  name: string;
  label: string;
  kind: string;
  amountCents: number;
  ratePercent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  total: number;
  remaining: number;
  /** Handed out (total − remaining), and used on a paid order. */
  issued: number;
  used: number;
  perMember: number;
  scope: string;
  courseIds: number[];
  claimable: boolean;
  onRegister: boolean;
  /** 邀请券: handed to both sides of an invitation. */
  onInvite: boolean;
  state: string;
  createdAt: string;
  updatedAt: string;
}

function adminRow(c: CouponRow, used: number): AdminCouponRow {
  return {
    id: c.id,
    name: c.name,
    label: couponLabel(termsOf(c)),
    kind: c.kind,
    amountCents: c.amount_cents,
    ratePercent: c.rate_percent,
    maxDiscountCents: c.max_discount_cents,
    minSpendCents: c.min_spend_cents,
    validFrom: c.valid_from,
    validTo: c.valid_to,
    validDays: c.valid_days,
    total: c.total,
    remaining: c.remaining,
    issued: c.total - c.remaining,
    used,
    perMember: c.per_member,
    scope: c.scope,
    courseIds: courseIdsOf(c.course_ids),
    claimable: c.claimable === 1,
    onRegister: c.on_register === 1,
    onInvite: c.on_invite === 1,
    state: c.state,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

async function usedCounts(deps: Pick<Deps, 'db'>, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('member_coupons as mc')
    .innerJoin('orders as o', 'o.id', 'mc.order_id')
    .select(['mc.coupon_id', sql<number>`count(*)`.as('n')])
    .where('mc.coupon_id', 'in', ids)
    .where('o.status', 'in', ORDER_USED_STATUSES)
    .groupBy('mc.coupon_id')
    .execute();
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
}

/** The templates, newest first (optionally one state). */
export async function listCoupons(
  deps: D,
  input: PageInput & { state?: string },
): Promise<Paged<AdminCouponRow>> {
  let base = deps.db.selectFrom('coupons');
  if (input.state) base = base.where('state', '=', input.state);
  const page = await listPage(
    base,
    (q) => q.selectAll().orderBy('id', 'desc'),
    (r) => r,
    input,
  );
  const used = await usedCounts(
    deps,
    page.list.map((c) => c.id),
  );
  return { ...page, list: page.list.map((c) => adminRow(c, used.get(c.id) ?? 0)) };
}

async function couponRow(deps: Pick<Deps, 'db'>, id: number): Promise<CouponRow> {
  const c = await deps.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw AppError.notFound(MSG.missing);
  return c;
}

const cents = (v: number | null | undefined, min: number, message: string): number => {
  const n = v ?? 0;
  if (!Number.isInteger(n) || n < min || n > MAX_CENTS * 10) throw AppError.badRequest(message);
  return n;
};

/** The template's columns from the console's input, or the first problem in words. */
async function columnsOf(deps: Pick<Deps, 'db'>, input: CouponInput) {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 30) throw AppError.badRequest(MSG.name);
  if (!(COUPON_KINDS as readonly string[]).includes(input.kind))
    throw AppError.badRequest(MSG.kind);
  const min_spend_cents = cents(input.minSpendCents, 0, MSG.minSpend);
  let amount_cents = 0;
  let rate_percent = 100;
  let max_discount_cents: number | null = null;
  if (input.kind === 'amount') {
    amount_cents = cents(input.amountCents, 1, MSG.amount);
    if (amount_cents > MAX_CENTS) throw AppError.badRequest(MSG.amount);
    if (min_spend_cents > 0 && amount_cents > min_spend_cents)
      throw AppError.badRequest(MSG.amountOverMin);
  } else {
    const r = input.ratePercent ?? 0;
    if (!Number.isInteger(r) || r < 10 || r > 99) throw AppError.badRequest(MSG.rate);
    rate_percent = r;
    if (input.maxDiscountCents) {
      max_discount_cents = cents(input.maxDiscountCents, 1, MSG.cap);
      if (max_discount_cents > MAX_CENTS) throw AppError.badRequest(MSG.cap);
    }
  }
  const valid_from = input.validFrom || null;
  const valid_to = input.validTo || null;
  const valid_days = input.validDays ?? null;
  for (const t of [valid_from, valid_to])
    if (t !== null && Number.isNaN(Date.parse(t))) throw AppError.badRequest(MSG.window);
  if (valid_days !== null && (!Number.isInteger(valid_days) || valid_days < 1 || valid_days > 365))
    throw AppError.badRequest(MSG.days);
  if (valid_to === null && valid_days === null) throw AppError.badRequest(MSG.window);
  if (valid_from && valid_to && valid_to <= valid_from) throw AppError.badRequest(MSG.windowOrder);
  if (!Number.isInteger(input.total) || input.total < 1 || input.total > 100_000)
    throw AppError.badRequest(MSG.total);
  if (!Number.isInteger(input.perMember) || input.perMember < 1 || input.perMember > 10)
    throw AppError.badRequest(MSG.perMember);
  if (!(COUPON_SCOPES as readonly string[]).includes(input.scope))
    throw AppError.badRequest(MSG.scope);
  const ids = input.scope === 'named' ? [...new Set(input.courseIds ?? [])] : [];
  if (input.scope === 'named') {
    if (ids.length === 0) throw AppError.badRequest(MSG.courses);
    const found = await deps.db.selectFrom('courses').select('id').where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw AppError.badRequest(fmt(MSG.courseMissing, { ids: missing.join('、') }));
  }
  if (!(COUPON_STATES as readonly string[]).includes(input.state))
    throw AppError.badRequest(MSG.state);
  return {
    name,
    kind: input.kind,
    amount_cents,
    rate_percent,
    max_discount_cents,
    min_spend_cents,
    valid_from: valid_from && new Date(valid_from).toISOString(),
    valid_to: valid_to && new Date(valid_to).toISOString(),
    valid_days,
    per_member: input.perMember,
    scope: input.scope,
    course_ids: JSON.stringify(ids),
    claimable: input.claimable ? 1 : 0,
    on_register: input.onRegister ? 1 : 0,
    on_invite: input.onInvite ? 1 : 0,
    state: input.state as CouponState,
  };
}

/** A new template; answers it as the console lists it. */
export async function createCoupon(deps: D, input: CouponInput): Promise<AdminCouponRow> {
  const cols = await columnsOf(deps, input);
  const now = iso(deps.clock.now());
  const row = await deps.db
    .insertInto('coupons')
    .values({
      ...cols,
      total: input.total,
      remaining: input.total,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return adminRow(row, 0);
}

const TERMS = [
  'kind',
  'amount_cents',
  'rate_percent',
  'max_discount_cents',
  'min_spend_cents',
  'scope',
  'course_ids',
] as const;

/**
 * Edits a template. Once copies are held, its terms stay as they are, its total cannot
 * go below what was handed out, and it cannot go back to draft. The remaining count moves
 * with the total in one conditional UPDATE (a claim running meanwhile is not lost).
 */
export async function updateCoupon(
  deps: D,
  id: number,
  input: CouponInput,
): Promise<AdminCouponRow> {
  const old = await couponRow(deps, id);
  const cols = await columnsOf(deps, input);
  const issued = old.total - old.remaining;
  if (issued > 0) {
    if (TERMS.some((k) => cols[k] !== old[k])) throw AppError.badRequest(MSG.termsLocked);
    if (cols.state === 'draft') throw AppError.badRequest(MSG.backToDraft);
  }
  const grow = input.total - old.total;
  const r = await deps.db
    .updateTable('coupons')
    .set({
      ...cols,
      total: input.total,
      remaining: sql<number>`remaining + ${grow}`,
      updated_at: iso(deps.clock.now()),
    })
    .where('id', '=', id)
    .where(sql<number>`remaining + ${grow}`, '>=', 0)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) {
    const now = await couponRow(deps, id);
    throw AppError.badRequest(fmt(MSG.totalBelowIssued, { n: now.total - now.remaining }));
  }
  const row = await couponRow(deps, id);
  return adminRow(row, (await usedCounts(deps, [id])).get(id) ?? 0);
}

/** 停用: no more are handed out; those held stay usable until they expire. */
export async function stopCoupon(deps: D, id: number): Promise<AdminCouponRow> {
  await couponRow(deps, id);
  await deps.db
    .updateTable('coupons')
    .set({ state: 'stopped', updated_at: iso(deps.clock.now()) })
    .where('id', '=', id)
    .execute();
  const row = await couponRow(deps, id);
  return adminRow(row, (await usedCounts(deps, [id])).get(id) ?? 0);
}

/**
 * 发放: one copy to each named member (by phone), each in a transaction of its own under
 * the same limits as a claim; answers how many got one and, per phone, why not.
 */
export async function issueCoupon(
  deps: D,
  input: { id: number; mobiles: string[] },
): Promise<{ issued: number; refused: { mobile: string; message: string }[] }> {
  const c = await couponRow(deps, input.id);
  if (c.state !== 'active') throw AppError.badRequest(MSG.notIssuable);
  const mobiles = [...new Set(input.mobiles)];
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'mobile'])
    .where('mobile', 'in', mobiles.length ? mobiles : [''])
    .execute();
  let issued = 0;
  const refused: { mobile: string; message: string }[] = [];
  for (const mobile of mobiles) {
    const user = users.find((u) => u.mobile === mobile);
    if (!user) {
      refused.push({ mobile, message: MSG.unknownMember });
      continue;
    }
    const got = await grantAlone(deps, c.id, user.id, 'issue');
    if (got.ok) issued++;
    else refused.push({ mobile, message: got.message });
  }
  return { issued, refused };
}

/** Who holds a coupon: each copy with its member, state and order. */
export async function couponHolders(deps: D, input: PageInput & { id: number }) {
  await couponRow(deps, input.id);
  const now = deps.clock.now();
  const base = heldQuery(deps.db)
    .innerJoin('users as u', 'u.id', 'mc.user_id')
    .where('mc.coupon_id', '=', input.id);
  return listPage(
    base,
    (q) => q.select([...HELD_COLUMNS, 'u.mobile', 'u.name as memberName']).orderBy('mc.id', 'desc'),
    (r) => ({
      ...memberCoupon(r, now),
      mobile: r.mobile,
      memberName: r.memberName,
      receivedAt: r.created_at,
    }),
    input,
  );
}

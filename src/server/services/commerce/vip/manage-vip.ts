/**
 * VIP membership for staff (会员, issue 27): the cards (月卡, 季卡, 年卡) on sale or stopped,
 * what VIP gets (one benefits row) and who holds VIP. The server checks every rule and
 * words each refusal (VIP_MSG.admin). Cards are never deleted, since orders name them: staff
 * stop one instead. A change drops the cached pages that show it in the same commit: the
 * VIP page (tag `vip`) and, when a course becomes or stops being free for VIP, that course's
 * page (its 会员免费 badge). The route layer writes the audit log (target 'vip').
 */
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import { VIP_MSG } from '../../../../shared/vip.ts';
import { courseTags, vipTags } from '../../../cache/tags.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { commitChange, listPage, type PageInput, type Paged } from '../../lib/index.ts';
import { vipBenefits, type VipBenefits } from './vip.ts';

const MSG = VIP_MSG.admin;

export const VIP_PLAN_STATES = ['active', 'stopped'] as const;
export type VipPlanState = (typeof VIP_PLAN_STATES)[number];

/** A card as staff create or edit it (prices in fen). */
export interface VipPlanInput {
  name: string;
  days: number;
  priceCents: number;
  /** Shown struck through; null: none. */
  listPriceCents: number | null;
  state: string;
  /** The place on the VIP page; left out: after the others (create) or unchanged (edit). */
  sortOrder?: number;
}

/** One row of GET /api/admin/vip/plans: every card, on sale or stopped. */
export interface AdminVipPlanRow {
  id: number;
  name: string;
  days: number;
  priceCents: number;
  listPriceCents: number | null;
  sortOrder: number;
  state: VipPlanState;
  /** Paid orders of this card (refunded ones included). */
  sold: number;
  updatedAt: string;
}

/** What VIP gets, as staff save it (the same shape the server reads back). */
export type VipBenefitsInput = VipBenefits;

/** One row of GET /api/admin/vip/members. */
export interface AdminVipMemberRow {
  /** The member's user id. */
  id: number;
  name: string;
  /** The whole number, as 订单管理 and 会员管理 show it to admins. */
  mobile: string;
  startedAt: string;
  endsAt: string;
  /** VIP now (the end is still ahead). */
  active: boolean;
}

export const VIP_MEMBER_FILTERS = ['all', 'active', 'expired'] as const;
export type VipMemberFilter = (typeof VIP_MEMBER_FILTERS)[number];

/** Every card, in the VIP page's order (stopped ones too: staff may start them again). */
export async function listVipPlans(deps: Pick<Deps, 'db'>): Promise<AdminVipPlanRow[]> {
  const rows = await deps.db
    .selectFrom('vip_plans as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.days',
      'p.price_cents',
      'p.list_price_cents',
      'p.sort_order',
      'p.state',
      'p.updated_at',
      eb
        .selectFrom('orders')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('orders.vip_plan_id', '=', 'p.id')
        .where('orders.paid_at', 'is not', null)
        .as('sold'),
    ])
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    days: r.days,
    priceCents: r.price_cents,
    listPriceCents: r.list_price_cents,
    sortOrder: r.sort_order,
    state: r.state as VipPlanState,
    sold: Number(r.sold ?? 0),
    updatedAt: r.updated_at,
  }));
}

const wholeIn = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** The checked columns of a card, or the refusal. */
function checkedPlan(input: VipPlanInput) {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || name.length > 20) throw AppError.badRequest(MSG.name);
  if (!wholeIn(input.days, 1, 3660)) throw AppError.badRequest(MSG.days);
  if (!wholeIn(input.priceCents, 1, 100_000_000)) throw AppError.badRequest(MSG.price);
  const list = input.listPriceCents;
  if (list !== null && (!wholeIn(list, 1, 100_000_000) || list <= input.priceCents))
    throw AppError.badRequest(MSG.listPrice);
  if (!(VIP_PLAN_STATES as readonly string[]).includes(input.state))
    throw AppError.badRequest(MSG.state);
  return {
    name,
    days: input.days,
    price_cents: input.priceCents,
    list_price_cents: list,
    state: input.state,
    ...(input.sortOrder !== undefined && { sort_order: input.sortOrder }),
  };
}

/** Creates a card (after the others unless a place is given). */
export async function createVipPlan(deps: Deps, input: VipPlanInput): Promise<{ id: number }> {
  const row = checkedPlan(input);
  const now = iso(deps.clock.now());
  return commitChange(deps, async (trx) => {
    const last = await trx
      .selectFrom('vip_plans')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .executeTakeFirst();
    const made = await trx
      .insertInto('vip_plans')
      .values({
        sort_order: Number(last?.n ?? 0) + 1,
        ...row,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: made.id }, tags: [vipTags.page] };
  });
}

/** Edits a card; a stopped one leaves the VIP page, orders already made keep their days. */
export async function updateVipPlan(
  deps: Deps,
  id: number,
  input: VipPlanInput,
): Promise<{ id: number }> {
  const row = checkedPlan(input);
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('vip_plans')
      .set({ ...row, updated_at: iso(deps.clock.now()) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw AppError.notFound(MSG.planMissing);
    return { value: { id }, tags: [vipTags.page] };
  });
}

/** What VIP gets now, for the console's form. */
export async function adminVipBenefits(deps: Pick<Deps, 'db'>): Promise<VipBenefits> {
  return vipBenefits(deps);
}

/** The ids, once each, that are not a published paid course other than a kit. */
async function notFreeable(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const fit = await db
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', ids)
    .where('published', '=', 1)
    .where('price_cents', '>', 0)
    .where('type', '!=', ORDER_COURSE_TYPE)
    .execute();
  const ok = new Set(fit.map((c) => c.id));
  return ids.filter((id) => !ok.has(id));
}

/**
 * Saves what VIP gets (row 1, made on the first save). Drops the VIP page and the page of
 * each course that became or stopped being free for VIP.
 */
export async function saveVipBenefits(deps: Deps, input: VipBenefitsInput): Promise<VipBenefits> {
  if (
    !Array.isArray(input.freeCourseIds) ||
    !input.freeCourseIds.every((id) => wholeIn(id, 1, 2_147_483_647))
  )
    throw AppError.badRequest(fmt(MSG.freeCourse, { ids: String(input.freeCourseIds) }));
  const ids = [...new Set(input.freeCourseIds)];
  const refused = await notFreeable(deps.db, ids);
  if (refused.length) throw AppError.badRequest(fmt(MSG.freeCourse, { ids: refused.join(', ') }));
  if (!wholeIn(input.ratePercent, 10, 100)) throw AppError.badRequest(MSG.rate);
  if (!wholeIn(input.monthlyDownloads, 0, 1000)) throw AppError.badRequest(MSG.downloads);
  const saved: VipBenefits = {
    freeCourseIds: ids,
    ratePercent: input.ratePercent,
    monthlyDownloads: input.monthlyDownloads,
    hideAds: input.hideAds === true,
  };
  const columns = {
    free_course_ids: JSON.stringify(ids),
    rate_percent: saved.ratePercent,
    monthly_downloads: saved.monthlyDownloads,
    hide_ads: saved.hideAds ? 1 : 0,
    updated_at: iso(deps.clock.now()),
  };
  return commitChange(deps, async (trx) => {
    const before = await vipBenefits({ db: trx });
    await trx
      .insertInto('vip_benefits')
      .values({ id: 1, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
    const was = new Set(before.freeCourseIds);
    const now = new Set(ids);
    const changed = [
      ...before.freeCourseIds.filter((id) => !now.has(id)),
      ...ids.filter((id) => !was.has(id)),
    ];
    return { value: saved, tags: [vipTags.page, ...changed.map((id) => courseTags.one(id))] };
  });
}

/**
 * Members who hold or held VIP, the latest end first: all, those VIP now, or those whose VIP
 * ended; `q` finds a phone by its whole number or its last digits (4 or more).
 */
export async function listVipMembers(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { filter?: VipMemberFilter; q?: string },
): Promise<Paged<AdminVipMemberRow>> {
  const now = iso(deps.clock.now());
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('vip_members as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .$if(opts.filter === 'active', (b) => b.where('v.ends_at', '>', now))
    .$if(opts.filter === 'expired', (b) => b.where('v.ends_at', '<=', now))
    .$if(!!q, (b) =>
      b.where((eb) =>
        eb.or([
          eb('u.mobile', '=', q!),
          ...(/^\d{4,}$/.test(q!) ? [eb('u.mobile', 'like', `%${q}`)] : []),
        ]),
      ),
    );
  return listPage(
    base,
    (b) =>
      b
        .select(['u.id', 'u.name', 'u.mobile', 'v.started_at', 'v.ends_at'])
        .orderBy('v.ends_at', 'desc')
        .orderBy('v.id', 'desc'),
    (r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile,
      startedAt: r.started_at,
      endsAt: r.ends_at,
      active: r.ends_at > now,
    }),
    opts,
  );
}

/**
 * VIP membership as members meet it (issue 27): the cards on sale, what VIP gets (one
 * benefits row staff set), whether a member is VIP now and until when, a VIP's free courses
 * (hasEntitlement asks vipOpensCourse), the member price (an offer of kind 'vip' beside
 * 限时特惠 and 新人首单价: pricing.ts takes the lowest) and the monthly download quota.
 * Buying a card and its reminder: vip-orders.ts; staff: manage-vip.ts.
 */
import { sql } from 'kysely';
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { VIP_MSG, vipPrice } from '../../../../shared/vip.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import type { OfferTerms } from '../coupons/pricing.ts';

/** A card on sale, as the VIP page and the checkout show it. */
export interface VipPlan {
  id: number;
  name: string;
  days: number;
  priceCents: number;
  /** Shown struck through; null: none. */
  listPriceCents: number | null;
}

/** What VIP members get. */
export interface VipBenefits {
  /** Courses VIP members study free (published, paid, not kits). */
  freeCourseIds: number[];
  /** The share of the price VIP pay on other paid courses: 80 = 8 折; 100: no member price. */
  ratePercent: number;
  /** Paid-course material downloads a month without owning the course; 0: none. */
  monthlyDownloads: number;
  hideAds: boolean;
}

/** A member's VIP as the header and the user centre show it (per member: never cached). */
export interface VipStatus {
  /** VIP now. */
  active: boolean;
  /** The current or last period's end; null: never VIP. */
  endsAt: string | null;
  /** Whether ads are hidden for this member now. */
  hideAds: boolean;
}

export const DEFAULT_BENEFITS: VipBenefits = {
  freeCourseIds: [],
  ratePercent: 100,
  monthlyDownloads: 0,
  hideAds: true,
};

/** The cards on sale, in the order staff set. */
export async function vipPlans(deps: Pick<Deps, 'db'>): Promise<VipPlan[]> {
  const rows = await deps.db
    .selectFrom('vip_plans')
    .select([
      'id',
      'name',
      'days',
      'price_cents as priceCents',
      'list_price_cents as listPriceCents',
    ])
    .where('state', '=', 'active')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows;
}

/** The benefits staff set (the defaults before they do). */
export async function vipBenefits(deps: { db: Database }): Promise<VipBenefits> {
  const row = await deps.db
    .selectFrom('vip_benefits')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return DEFAULT_BENEFITS;
  return {
    freeCourseIds: (JSON.parse(row.free_course_ids) as unknown[]).map(Number),
    ratePercent: row.rate_percent,
    monthlyDownloads: row.monthly_downloads,
    hideAds: row.hide_ads === 1,
  };
}

/** The end of the member's VIP if it is on at this instant, else null. */
export async function vipUntil(db: Database, userId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('vip_members')
    .select('ends_at')
    .where('user_id', '=', userId)
    .where('ends_at', '>', iso(now))
    .executeTakeFirst();
  return row?.ends_at ?? null;
}

export async function vipStatus(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
): Promise<VipStatus> {
  const now = deps.clock.now();
  const [row, benefits] = await Promise.all([
    deps.db
      .selectFrom('vip_members')
      .select('ends_at')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    vipBenefits(deps),
  ]);
  const active = !!row && row.ends_at > iso(now);
  return { active, endsAt: row?.ends_at ?? null, hideAds: active && benefits.hideAds };
}

/** Whether the course is one VIP members study free (a published paid course, not a kit). */
export async function vipFreeCourse(db: Database, courseId: number): Promise<boolean> {
  const { freeCourseIds } = await vipBenefits({ db });
  if (!freeCourseIds.includes(courseId)) return false;
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', courseId)
    .where('type', '!=', ORDER_COURSE_TYPE)
    .executeTakeFirst();
  return course !== undefined;
}

/** Whether VIP opens this course to the member now (hasEntitlement's second way in). */
export async function vipOpensCourse(
  db: Database,
  userId: number,
  courseId: number,
  now: Date,
): Promise<boolean> {
  return (await vipFreeCourse(db, courseId)) && (await vipUntil(db, userId, now)) !== null;
}

/** The member price of a course for a VIP member now, as an offer pricing.ts weighs; else null. */
export async function vipOffer(
  db: Database,
  userId: number | null,
  listPriceCents: number,
  now: Date,
): Promise<OfferTerms | null> {
  if (userId === null) return null;
  const { ratePercent } = await vipBenefits({ db });
  if (ratePercent >= 100 || (await vipUntil(db, userId, now)) === null) return null;
  return { kind: 'vip', priceCents: vipPrice(listPriceCents, ratePercent) };
}

/** The first instant of the China calendar month holding `now` (the quota's month). */
export function quotaMonthStart(now: Date): Date {
  const china = new Date(now.getTime() + 8 * 3600_000);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - 8 * 3600_000);
}

/** How many files the member's VIP downloads took this month. */
export async function vipDownloadsUsed(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
): Promise<number> {
  const row = await deps.db
    .selectFrom('vip_downloads')
    .select(sql<number>`count(distinct resource_id)`.as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', iso(quotaMonthStart(deps.clock.now())))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Counts a download of a paid course's material by a VIP member who does not own the
 * course: true when the quota allows it (a file fetched again in the same month counts
 * once). Decided under the member's VIP row, locked by an UPDATE first, so parallel
 * downloads at the last place take it once. Not VIP, or no quota: false.
 */
export async function takeVipDownload(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  resourceId: number,
): Promise<{ ok: true } | { ok: false; reason: 'none' | 'used'; quota: number }> {
  const now = deps.clock.now();
  const { monthlyDownloads } = await vipBenefits(deps);
  if (monthlyDownloads <= 0) return { ok: false, reason: 'none', quota: 0 };
  const from = iso(quotaMonthStart(now));
  return deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('vip_members')
      .set({ updated_at: iso(now) })
      .where('user_id', '=', userId)
      .where('ends_at', '>', iso(now))
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1)
      return { ok: false as const, reason: 'none' as const, quota: monthlyDownloads };
    const rows = await trx
      .selectFrom('vip_downloads')
      .select(['resource_id', sql<number>`count(*)`.as('n')])
      .where('user_id', '=', userId)
      .where('created_at', '>=', from)
      .groupBy('resource_id')
      .execute();
    if (rows.some((r) => r.resource_id === resourceId)) return { ok: true as const };
    if (rows.length >= monthlyDownloads)
      return { ok: false as const, reason: 'used' as const, quota: monthlyDownloads };
    await trx
      .insertInto('vip_downloads')
      .values({ user_id: userId, resource_id: resourceId, created_at: iso(now) })
      .execute();
    return { ok: true as const };
  });
}

export { VIP_MSG };

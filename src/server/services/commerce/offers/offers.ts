/**
 * Offer prices on a course (issue 27): 限时特惠 (kind 'limited', a price between two
 * instants, for everyone) and 新人首单价 (kind 'first_order', the price of a member's
 * first paid order, within an optional window). Which apply to a member now is decided
 * here; pricing.ts takes the lowest, and createOrder records it on the order. A VIP member's
 * member price joins them as kind 'vip' (vip/vip.ts).
 *
 * A first-order price applies to a member who has never paid for an order (a
 * zero-amount redemption does not count) and whose first-order price is not already
 * carried by an open order of another course. The unique index orders_first_order_once
 * settles parallel checkouts: one order carries it, the other is refused in words.
 */
import { sql } from 'kysely';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import type { OfferTerms } from '../coupons/pricing.ts';
import { offerPhase } from '../../../../shared/offers.ts';
import { vipOffer } from '../vip/vip.ts';

export const OFFER_KINDS = ['limited', 'first_order'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** One offer as a course page shows it (the page decides on the reader's clock whether it is on). */
export interface OfferWindow {
  priceCents: number;
  /** ISO instants; null: open on that side. */
  startsAt: string | null;
  endsAt: string | null;
}

/** The offers of a course page: shared by every reader, so cacheable. */
export interface CourseOffers {
  limited: OfferWindow | null;
  firstOrder: OfferWindow | null;
}

interface OfferRow {
  kind: string;
  price_cents: number;
  starts_at: string | null;
  ends_at: string | null;
}

/**
 * Whether an offer's window holds the instant (starts_at inclusive, ends_at exclusive): the
 * same rule the course page's islands apply on the reader's clock (shared/offers.ts).
 */
export function offerOpen(o: Pick<OfferRow, 'starts_at' | 'ends_at'>, nowIso: string): boolean {
  const w = { priceCents: 0, startsAt: o.starts_at, endsAt: o.ends_at };
  return offerPhase(w, Date.parse(nowIso))?.phase === 'on';
}

function offerRows(db: Database, courseId: number): Promise<OfferRow[]> {
  return db
    .selectFrom('course_offers')
    .select(['kind', 'price_cents', 'starts_at', 'ends_at'])
    .where('course_id', '=', courseId)
    .execute();
}

/**
 * A course's offers that have not ended (and are below its list price), for its cached
 * page: an offer that starts later is shown with its countdown to the start.
 */
export async function courseOffers(
  deps: Pick<Deps, 'db' | 'clock'>,
  courseId: number,
  listPriceCents: number,
): Promise<CourseOffers> {
  const now = iso(deps.clock.now());
  const out: CourseOffers = { limited: null, firstOrder: null };
  for (const o of await offerRows(deps.db, courseId)) {
    if ((o.ends_at && o.ends_at <= now) || o.price_cents >= listPriceCents) continue;
    const w = { priceCents: o.price_cents, startsAt: o.starts_at, endsAt: o.ends_at };
    if (o.kind === 'limited') out.limited = w;
    else if (o.kind === 'first_order') out.firstOrder = w;
  }
  return out;
}

/**
 * The 限时特惠 price of each of these courses whose offer is on now (course id → price), for
 * course cards; their pages are dropped at each offer's start and end (offer.boundary).
 */
export async function limitedOfferPrices(
  deps: Pick<Deps, 'db' | 'clock'>,
  courseIds: readonly number[],
): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const now = iso(deps.clock.now());
  const rows = await deps.db
    .selectFrom('course_offers as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .select(['o.course_id', 'o.price_cents'])
    .where('o.kind', '=', 'limited')
    .where('o.course_id', 'in', courseIds)
    .where('o.starts_at', '<=', now)
    .where('o.ends_at', '>', now)
    .whereRef('o.price_cents', '<', 'c.price_cents')
    .execute();
  return new Map(rows.map((r) => [r.course_id, r.price_cents]));
}

/**
 * Whether the member may still have a first-order price on this course: no paid order
 * with an amount ever, and no open first-order order of another course.
 */
export async function firstOrderOpen(
  db: Database,
  userId: number,
  courseId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where((w) =>
      w.or([
        w.and([w('paid_at', 'is not', null), w('amount_cents', '>', 0)]),
        w.and([
          w('offer_kind', '=', 'first_order'),
          w('status', '<>', ORDER_STATUS.closed),
          w('course_id', '<>', courseId),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * The offers that apply to this member on this course now (a visitor: the limited one); a
 * VIP member's member price (会员价, issue 27) is one of them.
 */
export async function memberOffers(
  deps: Pick<Deps, 'db'>,
  userId: number | null,
  courseId: number,
  now: Date,
): Promise<OfferTerms[]> {
  const at = iso(now);
  const open = (await offerRows(deps.db, courseId)).filter((o) => offerOpen(o, at));
  const out: OfferTerms[] = [];
  for (const o of open) {
    if (o.kind === 'limited') out.push({ kind: o.kind, priceCents: o.price_cents });
    else if (
      o.kind === 'first_order' &&
      userId !== null &&
      (await firstOrderOpen(deps.db, userId, courseId))
    )
      out.push({ kind: o.kind, priceCents: o.price_cents });
  }
  if (userId !== null) {
    const course = await deps.db
      .selectFrom('courses')
      .select('price_cents')
      .where('id', '=', courseId)
      .executeTakeFirst();
    const vip = course ? await vipOffer(deps.db, userId, course.price_cents, now) : null;
    if (vip) out.push(vip);
  }
  return out;
}

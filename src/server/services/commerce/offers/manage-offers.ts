/**
 * Offer prices for staff (issue 27): list, create, edit and delete a course's 限时特惠 or
 * 新人首单价. The server checks every rule and words each refusal; a change drops the
 * course's cached page (the buy box shows the offer) in the same commit, and queues an
 * `offer.boundary` job for each future start and end, which drops the page again then: the
 * page cache and the static export never keep an offer's state past its boundary. The route
 * layer writes the audit log (target 'offer', the row before and after).
 */
import { courseTags } from '../../../cache/tags.ts';
import { offerName } from '../../../../shared/commerce.ts';
import { formatPrice } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { commitChange, isUniqueViolation, listPage, type PageInput } from '../../lib/index.ts';
import { enqueueJob } from '../../jobs/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { OFFER_KINDS, offerOpen, type OfferKind } from './offers.ts';

const MSG = COMMERCE_MSG.offerAdmin;

export interface OfferInput {
  courseId: number;
  kind: string;
  priceCents: number;
  startsAt?: string | null;
  endsAt?: string | null;
}

/** One row of GET /api/admin/offer/list. */
export interface AdminOfferRow {
  id: number;
  courseId: number;
  courseTitle: string;
  listPriceCents: number;
  kind: OfferKind;
  priceCents: number;
  startsAt: string | null;
  endsAt: string | null;
  /** 'upcoming' 未开始, 'on' 进行中, 'ended' 已结束. */
  state: 'upcoming' | 'on' | 'ended';
  /** Orders priced with it (any state). */
  orders: number;
  updatedAt: string;
}

export async function listOffers(
  deps: Pick<Deps, 'db' | 'clock'>,
  p: PageInput,
): Promise<{ list: AdminOfferRow[]; count: number }> {
  const now = iso(deps.clock.now());
  const base = deps.db
    .selectFrom('course_offers as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id');
  return listPage(
    base,
    (q) =>
      q
        .select((eb) => [
          'o.id',
          'o.course_id',
          'o.kind',
          'o.price_cents',
          'o.starts_at',
          'o.ends_at',
          'o.updated_at',
          'c.title',
          'c.price_cents as list_price_cents',
          eb
            .selectFrom('orders')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('orders.course_id', '=', 'o.course_id')
            .whereRef('orders.offer_kind', '=', 'o.kind')
            .as('orders'),
        ])
        .orderBy('o.updated_at', 'desc')
        .orderBy('o.id', 'desc'),
    (r) => ({
      id: r.id,
      courseId: r.course_id,
      courseTitle: r.title,
      listPriceCents: r.list_price_cents,
      kind: r.kind as OfferKind,
      priceCents: r.price_cents,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      state: offerOpen(r, now) ? 'on' : r.starts_at && now < r.starts_at ? 'upcoming' : 'ended',
      orders: Number(r.orders ?? 0),
      updatedAt: r.updated_at,
    }),
    p,
  );
}

function instant(v: string | null | undefined): string | null {
  if (v === null || v === undefined || v.trim() === '') return null;
  const t = new Date(v);
  if (Number.isNaN(t.getTime())) throw AppError.badRequest(MSG.time);
  return iso(t);
}

/** The checked row to write, or the refusal. */
async function checked(db: Database, input: OfferInput) {
  if (!(OFFER_KINDS as readonly string[]).includes(input.kind)) throw AppError.badRequest(MSG.kind);
  const course = await db
    .selectFrom('courses')
    .select(['id', 'price_cents'])
    .where('id', '=', input.courseId)
    .executeTakeFirst();
  if (!course) throw AppError.badRequest(MSG.courseMissing);
  if (course.price_cents <= 0) throw AppError.badRequest(MSG.courseFree);
  if (
    !Number.isInteger(input.priceCents) ||
    input.priceCents < 1 ||
    input.priceCents >= course.price_cents
  )
    throw AppError.badRequest(fmt(MSG.price, { list: formatPrice(course.price_cents) }));
  const startsAt = instant(input.startsAt);
  const endsAt = instant(input.endsAt);
  if (input.kind === 'limited' && (!startsAt || !endsAt)) throw AppError.badRequest(MSG.window);
  if (startsAt && endsAt && endsAt <= startsAt) throw AppError.badRequest(MSG.windowOrder);
  return {
    course_id: course.id,
    kind: input.kind,
    price_cents: input.priceCents,
    starts_at: startsAt,
    ends_at: endsAt,
  };
}

export const OFFER_BOUNDARY = 'offer.boundary';

/** Queues the boundary jobs of an offer's future start and end (in the change's transaction). */
export async function scheduleOfferBoundaries(
  deps: Pick<Deps, 'jobs'>,
  db: Database,
  courseId: number,
  times: (string | null)[],
  now: Date,
): Promise<void> {
  for (const t of times)
    if (t && new Date(t) > now)
      await enqueueJob(
        deps.jobs,
        db,
        {
          kind: OFFER_BOUNDARY,
          payload: { courseId },
          runAt: new Date(t),
          dedupeKey: `offer-boundary:${courseId}:${t}`,
        },
        now,
      );
}

/** The `offer.boundary` job: an offer started or ended, so the course's page is dropped. */
export async function offerBoundary(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const courseId = Number(payload.courseId);
  await commitChange(deps, async () => ({ value: undefined, tags: [courseTags.one(courseId)] }));
}

/** A second offer of the same kind on a course is refused in words (the unique index decides). */
async function unique<T>(kind: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw AppError.badRequest(fmt(MSG.duplicate, { kind: offerName(kind) }));
    throw err;
  }
}

export async function createOffer(deps: Deps, input: OfferInput): Promise<{ id: number }> {
  const row = await checked(deps.db, input);
  const now = iso(deps.clock.now());
  return unique(input.kind, () =>
    commitChange(deps, async (trx) => {
      const made = await trx
        .insertInto('course_offers')
        .values({ ...row, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await scheduleOfferBoundaries(
        deps,
        trx,
        row.course_id,
        [row.starts_at, row.ends_at],
        new Date(now),
      );
      return { value: { id: made.id }, tags: [courseTags.one(row.course_id)] };
    }),
  );
}

export async function updateOffer(
  deps: Deps,
  id: number,
  input: OfferInput,
): Promise<{ id: number }> {
  const old = await deps.db
    .selectFrom('course_offers')
    .select(['course_id', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!old) throw AppError.notFound(MSG.missing);
  if (old.kind !== input.kind) throw AppError.badRequest(MSG.kindLocked);
  const row = await checked(deps.db, input);
  return unique(input.kind, () =>
    commitChange(deps, async (trx) => {
      await trx
        .updateTable('course_offers')
        .set({ ...row, updated_at: iso(deps.clock.now()) })
        .where('id', '=', id)
        .execute();
      await scheduleOfferBoundaries(
        deps,
        trx,
        row.course_id,
        [row.starts_at, row.ends_at],
        deps.clock.now(),
      );
      return {
        value: { id },
        tags: [...new Set([courseTags.one(old.course_id), courseTags.one(row.course_id)])],
      };
    }),
  );
}

export async function deleteOffer(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const gone = await trx
      .deleteFrom('course_offers')
      .where('id', '=', id)
      .returning('course_id')
      .executeTakeFirst();
    if (!gone) throw AppError.notFound(MSG.missing);
    return { value: { id }, tags: [courseTags.one(gone.course_id)] };
  });
}

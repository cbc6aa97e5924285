/**
 * The platform's own analytics (no third-party service): one page view per
 * page load, ad impressions and clicks per ad and slot, and the admin reports.
 * Writes come from unauthenticated beacons, so every write is validated and
 * rate-limited per client address before anything is stored.
 */
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getCompany } from '../site/index.ts';
import { consumeLimits, type LimitRule } from '../lib/index.ts';
import { ANALYTICS_MSG } from './messages.ts';

type AnalyticsDeps = Pick<Deps, 'db' | 'clock'>;

/** Longest stored path and referrer; longer input is refused, not truncated. */
export const ANALYTICS_LIMITS = {
  pathMax: 512,
  referrerMax: 1024,
  /**
   * Page views one address may record per minute: a reader makes a few, but
   * an office or campus behind one NAT address makes many.
   */
  pageViewsPerMinute: 300,
  /** Ad events one address may record per minute (about a dozen slots per page view). */
  adEventsPerMinute: 1200,
} as const;

const MINUTE = 60_000;

function limit(bucket: string, max: number): LimitRule {
  return { bucket, windowMs: MINUTE, max, message: () => ANALYTICS_MSG.tooMany };
}

/** A site path: starts with one '/', printable, no scheme or host. */
export function validPath(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= ANALYTICS_LIMITS.pathMax &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !/[\s\p{Cc}]/u.test(path)
  );
}

export interface PageViewInput {
  path: string;
  referrer?: string | null;
  /** The Host header the page was served on; names the company zone, if any. */
  host?: string | null;
  userId: number | null;
  ip: string;
}

/** Records one page view, or throws 400/429 and stores nothing. */
export async function recordPageView(deps: AnalyticsDeps, input: PageViewInput): Promise<void> {
  if (!validPath(input.path)) throw AppError.badRequest(ANALYTICS_MSG.badPath);
  const referrer = input.referrer?.trim() || null;
  if (referrer && referrer.length > ANALYTICS_LIMITS.referrerMax)
    throw AppError.badRequest(ANALYTICS_MSG.badReferrer);
  await consumeLimits(deps, [limit(`pv:ip:${input.ip}`, ANALYTICS_LIMITS.pageViewsPerMinute)]);
  const hostname = (input.host ?? '').split(':')[0]?.toLowerCase() ?? '';
  const company = hostname ? await getCompany(deps, { domain: hostname }) : null;
  await deps.db
    .insertInto('page_views')
    .values({
      path: input.path,
      referrer,
      company_id: company?.id ?? null,
      user_id: input.userId,
      created_at: iso(deps.clock.now()),
    })
    .execute();
}

export interface AdEventInput {
  adId: number;
  slot: number;
  kind: 'impression' | 'click';
  userId: number | null;
  ip: string;
}

/** Records an impression or a click of an existing ad in its own slot type. */
export async function recordAdEvent(deps: AnalyticsDeps, input: AdEventInput): Promise<void> {
  // Only real ads in their own slot count, so nobody can fill the table with made-up pairs.
  const ad = await deps.db
    .selectFrom('roll_images')
    .select('id')
    .where('id', '=', input.adId)
    .where('type', '=', input.slot)
    .executeTakeFirst();
  if (!ad) throw AppError.badRequest(ANALYTICS_MSG.badAd);
  await consumeLimits(deps, [limit(`ad:ip:${input.ip}`, ANALYTICS_LIMITS.adEventsPerMinute)]);
  await deps.db
    .insertInto('ad_events')
    .values({
      ad_id: input.adId,
      slot: input.slot,
      kind: input.kind,
      user_id: input.userId,
      created_at: iso(deps.clock.now()),
    })
    .execute();
}

/** Page views of one exact path (path plus query, as recorded). */
export async function pageViewCount(deps: Pick<Deps, 'db'>, path: string): Promise<number> {
  const row = await deps.db
    .selectFrom('page_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('path', '=', path)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The most viewed paths, for the report without a path. */
export async function topPaths(
  deps: Pick<Deps, 'db'>,
  max = 100,
): Promise<{ path: string; count: number }[]> {
  const rows = await deps.db
    .selectFrom('page_views')
    .select((eb) => ['path', eb.fn.countAll<number>().as('n')])
    .groupBy('path')
    .orderBy('n', 'desc')
    .orderBy('path')
    .limit(max)
    .execute();
  return rows.map((r) => ({ path: r.path, count: Number(r.n) }));
}

/** China Standard Time (no daylight saving): report days are Beijing days, as shown to readers. */
const CST_OFFSET_MS = 8 * 3600_000;

/** Today's date in Beijing, YYYY-MM-DD. */
export function beijingDay(now: Date): string {
  return new Date(now.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** [start, end) of a Beijing day as ISO strings, or null when `day` is not a real date. */
export function dayRange(day: string): { from: string; to: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) return null;
  return {
    from: iso(new Date(start - CST_OFFSET_MS)),
    to: iso(new Date(start - CST_OFFSET_MS + 24 * 3600_000)),
  };
}

export interface AdReportRow {
  adId: number;
  title: string;
  slot: number;
  impressions: number;
  clicks: number;
  /** clicks / impressions, 0 without impressions, 4 decimals. */
  ctr: number;
}

/** Impressions, clicks and click-through per ad and slot on one Beijing day. */
export async function adReport(deps: Pick<Deps, 'db'>, day: string): Promise<AdReportRow[]> {
  const range = dayRange(day);
  if (!range) throw AppError.badRequest(ANALYTICS_MSG.badDay);
  const rows = await deps.db
    .selectFrom('ad_events')
    .leftJoin('roll_images', 'roll_images.id', 'ad_events.ad_id')
    .select((eb) => [
      'ad_events.ad_id as adId',
      'ad_events.slot as slot',
      'ad_events.kind as kind',
      'roll_images.title as title',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('ad_events.created_at', '>=', range.from)
    .where('ad_events.created_at', '<', range.to)
    .groupBy(['ad_events.ad_id', 'ad_events.slot', 'ad_events.kind', 'roll_images.title'])
    .execute();
  const byKey = new Map<string, AdReportRow>();
  for (const r of rows) {
    const key = `${r.adId}:${r.slot}`;
    const row = byKey.get(key) ?? {
      adId: r.adId,
      title: r.title ?? '',
      slot: r.slot,
      impressions: 0,
      clicks: 0,
      ctr: 0,
    };
    if (r.kind === 'impression') row.impressions += Number(r.n);
    else row.clicks += Number(r.n);
    byKey.set(key, row);
  }
  const list = [...byKey.values()];
  for (const row of list)
    row.ctr = row.impressions > 0 ? Math.round((row.clicks / row.impressions) * 1e4) / 1e4 : 0;
  return list.sort((a, b) => a.slot - b.slot || a.adId - b.adId);
}

/**
 * The console's dashboard series (issue 12): per Beijing day, page views,
 * live-page views, live reservations, paid orders and revenue, course
 * completions, and per ad slot impressions, clicks and click-through.
 * Counted by UTC hour in SQL (the stored times are ISO strings, so the
 * first 13 characters are the hour on both engines) and folded into
 * Beijing days here, so one query per metric serves any range.
 */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { dayRange } from './analytics.ts';
import { ANALYTICS_MSG } from './messages.ts';
import { fmt } from '../../../shared/messages.ts';

export const DASHBOARD_MAX_DAYS = 92;
const CST_OFFSET_MS = 8 * 3600_000;

export interface Dashboard {
  days: string[];
  pageViews: number[];
  liveViews: number[];
  reservations: number[];
  orders: number[];
  revenueCents: number[];
  completions: number[];
  ads: { slot: number; impressions: number[]; clicks: number[]; ctr: number[] }[];
}

/** The Beijing day of a UTC hour 'YYYY-MM-DDTHH'. */
function dayOfHour(hour: string): string {
  return new Date(Date.parse(`${hour}:00:00.000Z`) + CST_OFFSET_MS).toISOString().slice(0, 10);
}

export async function dashboard(
  deps: Pick<Deps, 'db'>,
  from: string,
  to: string,
): Promise<Dashboard> {
  const start = dayRange(from);
  const end = dayRange(to);
  if (!start || !end || end.from < start.from) throw AppError.badRequest(ANALYTICS_MSG.badDay);
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  if (days.length > DASHBOARD_MAX_DAYS)
    throw AppError.badRequest(fmt(ANALYTICS_MSG.dashboardTooLong, { n: DASHBOARD_MAX_DAYS }));
  const index = new Map(days.map((d, i) => [d, i]));
  const series = () => days.map(() => 0);
  const [lo, hi] = [start.from, end.to];
  const hour = (col: string) => sql<string>`substr(${sql.ref(col)}, 1, 13)`;
  const add = (target: number[], h: string, n: unknown) => {
    const i = index.get(dayOfHour(h));
    if (i !== undefined) target[i]! += Number(n);
  };

  const [views, reservations, orders, completions, ads] = await Promise.all([
    deps.db
      .selectFrom('page_views')
      .select((eb) => [
        hour('created_at').as('h'),
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(
            sql`case when path like '/live/%' or path like '/livedetail%' then 1 else 0 end`,
          )
          .as('live'),
      ])
      .where('created_at', '>=', lo)
      .where('created_at', '<', hi)
      .groupBy(hour('created_at'))
      .execute(),
    deps.db
      .selectFrom('live_reservations')
      .select((eb) => [hour('created_at').as('h'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', lo)
      .where('created_at', '<', hi)
      .groupBy(hour('created_at'))
      .execute(),
    deps.db
      .selectFrom('orders')
      .select((eb) => [
        hour('paid_at').as('h'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount_cents').as('cents'),
      ])
      .where('paid_at', '>=', lo)
      .where('paid_at', '<', hi)
      .groupBy(hour('paid_at'))
      .execute(),
    deps.db
      .selectFrom('completions')
      .select((eb) => [hour('completed_at').as('h'), eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'course')
      .where('completed_at', '>=', lo)
      .where('completed_at', '<', hi)
      .groupBy(hour('completed_at'))
      .execute(),
    deps.db
      .selectFrom('ad_events')
      .select((eb) => [
        hour('created_at').as('h'),
        'slot',
        'kind',
        eb.fn.countAll<number>().as('n'),
      ])
      .where('created_at', '>=', lo)
      .where('created_at', '<', hi)
      .groupBy([hour('created_at'), 'slot', 'kind'])
      .execute(),
  ]);

  const out: Dashboard = {
    days,
    pageViews: series(),
    liveViews: series(),
    reservations: series(),
    orders: series(),
    revenueCents: series(),
    completions: series(),
    ads: [],
  };
  for (const r of views) {
    add(out.pageViews, r.h, r.n);
    add(out.liveViews, r.h, r.live ?? 0);
  }
  for (const r of reservations) add(out.reservations, r.h, r.n);
  for (const r of orders) {
    add(out.orders, r.h, r.n);
    add(out.revenueCents, r.h, r.cents ?? 0);
  }
  for (const r of completions) add(out.completions, r.h, r.n);
  const slots = new Map<number, Dashboard['ads'][number]>();
  for (const r of ads) {
    const s = slots.get(r.slot) ?? {
      slot: r.slot,
      impressions: series(),
      clicks: series(),
      ctr: [],
    };
    add(r.kind === 'impression' ? s.impressions : s.clicks, r.h, r.n);
    slots.set(r.slot, s);
  }
  out.ads = [...slots.values()]
    .sort((a, b) => a.slot - b.slot)
    .map((s) => ({
      ...s,
      ctr: s.impressions.map((n, i) => (n ? Math.round((s.clicks[i]! / n) * 10_000) / 100 : 0)),
    }));
  return out;
}

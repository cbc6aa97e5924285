/**
 * Two weeks of visits and ad events, so the console's 数据概览 (issue 12)
 * has figures on a fresh demo: page views of the home page, lists, articles,
 * courses and broadcasts, some by the demo members, with fewer at weekends;
 * impressions of every live ad in its slot with a click-through of 1–4 %.
 * Deterministic (mulberry32) and relative to `now`, like the rest of the seed.
 */
import { urls } from '../../../shared/urls.ts';
import {
  insertRows,
  intBetween,
  mulberry32,
  pick,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';

/** Days of traffic before today: the dashboard's default range is the last 14 days. */
export const TRAFFIC_DAYS = 14;

export interface TrafficInput {
  articleIds: number[];
  courseIds: number[];
  liveIds: number[];
  memberIds: number[];
}

export async function seedTraffic(ctx: SeedContext, input: TrafficInput): Promise<void> {
  const rand = mulberry32(1412);
  // `day` days and up to 22 hours before now: always before today, in Beijing time too.
  const before = (day: number) =>
    shift(ctx.now, { days: -day, minutes: -intBetween(rand, 0, 22 * 60) });
  const paths = [
    urls.home(),
    urls.home(),
    urls.home(),
    urls.articles(),
    urls.columns(),
    urls.courses(),
    urls.live(),
    urls.shortVideos(),
    urls.learningTools(),
    ...input.articleIds.slice(0, 12).map(urls.article),
    ...input.courseIds.slice(0, 8).map(urls.course),
    ...input.liveIds.map(urls.liveDetail),
  ];
  const referrers = [null, null, null, 'https://www.baidu.com/', 'https://cn.bing.com/'];
  const views: Row<'page_views'>[] = [];
  for (let day = TRAFFIC_DAYS; day >= 1; day--) {
    const weekday = new Date(shift(ctx.now, { days: -day })).getUTCDay();
    const n = intBetween(rand, 40, 70) - (weekday === 0 || weekday === 6 ? 20 : 0);
    for (let i = 0; i < n; i++) {
      const member = rand() < 0.2 ? pick(input.memberIds, intBetween(rand, 0, 99)) : null;
      views.push({
        path: pick(paths, intBetween(rand, 0, paths.length - 1)),
        referrer: pick(referrers, intBetween(rand, 0, referrers.length - 1)),
        company_id: null,
        user_id: member,
        created_at: before(day),
      });
    }
  }
  await insertRows(ctx, 'page_views', views, 200);

  const now = ctx.now.toISOString();
  const ads = await ctx.db
    .selectFrom('roll_images')
    .select(['id', 'type'])
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .orderBy('id')
    .execute();
  const events: Row<'ad_events'>[] = [];
  for (let day = TRAFFIC_DAYS; day >= 1; day--)
    for (const ad of ads) {
      const impressions = intBetween(rand, 4, 12);
      const clicks = Math.round(impressions * (0.01 + rand() * 0.03) + (rand() < 0.3 ? 1 : 0));
      for (let i = 0; i < impressions + clicks; i++)
        events.push({
          ad_id: ad.id,
          slot: ad.type,
          kind: i < impressions ? 'impression' : 'click',
          user_id: null,
          created_at: before(day),
        });
    }
  await insertRows(ctx, 'ad_events', events, 200);
}

/**
 * CDN purges after a change (issue 14): the `cdn.purge` job turns the
 * change's cache tags into full URLs (the pages this instance had cached with
 * them, and every exported page carrying them) and purges them through the
 * configured provider, in calls of at most its per-call limit, within its
 * daily quota. The quota is shared by every instance: each batch is reserved
 * in `cdn_purge_days` with one conditional update, so parallel jobs never
 * overspend it. Best effort: past the quota, URLs are left to expire by
 * their short edge TTL (EDGE_MAX_AGE) and a warning is logged.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Deps } from '../deps.ts';

export const CDN_PURGE = 'cdn.purge';

/** The China calendar day of a time (quotas reset at midnight Beijing time). */
export function chinaDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Reserves up to `want` URLs of today's quota; answers how many it got (0 when
 * the quota is spent). Atomic: of parallel reservations, no sum passes `quota`.
 */
export async function reserveQuota(
  db: Database,
  provider: string,
  day: string,
  want: number,
  quota: number,
): Promise<number> {
  await db
    .insertInto('cdn_purge_days')
    .values({ provider, day, urls: 0 })
    .onConflict((oc) => oc.columns(['provider', 'day']).doNothing())
    .execute();
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('cdn_purge_days')
      .select('urls')
      .where('provider', '=', provider)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    const take = Math.min(want, quota - row.urls);
    if (take <= 0) return 0;
    // Only if nobody spent the quota in between (compare-and-set on the count).
    const res = await db
      .updateTable('cdn_purge_days')
      .set({ urls: row.urls + take })
      .where('provider', '=', provider)
      .where('day', '=', day)
      .where('urls', '=', row.urls)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return take;
  }
  return 0;
}

async function giveBack(db: Database, provider: string, day: string, n: number): Promise<void> {
  await db
    .updateTable('cdn_purge_days')
    .set({ urls: sql`urls - ${n}` })
    .where('provider', '=', provider)
    .where('day', '=', day)
    .execute();
}

/** The full URLs a change touches: cached keys (host + path) and exported paths of the tags. */
export async function purgeUrlsFor(
  deps: Pick<Deps, 'db' | 'config'>,
  payload: { tags?: unknown; keys?: unknown },
): Promise<string[]> {
  const site = new URL(deps.config.siteUrl);
  const urls = new Set<string>();
  for (const key of Array.isArray(payload.keys) ? payload.keys.map(String) : [])
    urls.add(`${site.protocol}//${key}`);
  const tags = (Array.isArray(payload.tags) ? payload.tags.map(String) : []).filter(
    (t) => t !== 'site',
  );
  if (tags.length) {
    const rows = await deps.db
      .selectFrom('export_page_tags')
      .select(sql<string>`DISTINCT path`.as('path'))
      .where('tag', 'in', tags)
      .execute();
    for (const { path } of rows) urls.add(new URL(path, site).toString());
  }
  return [...urls].sort();
}

/** The `cdn.purge` job. */
export async function purgeCdn(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const cdn = deps.providers.cdn;
  if (!cdn) return;
  const urls = await purgeUrlsFor(deps, payload);
  const day = chinaDay(deps.clock.now());
  let purged = 0;
  for (let i = 0; i < urls.length;) {
    const batch = urls.slice(i, i + cdn.perCall);
    const granted = await reserveQuota(deps.db, cdn.name, day, batch.length, cdn.dailyQuota);
    if (granted === 0) {
      deps.logger.warn('CDN purge quota reached: pages expire by their edge TTL', {
        provider: cdn.name,
        day,
        skipped: urls.length - i,
      });
      break;
    }
    const send = batch.slice(0, granted);
    try {
      await cdn.purgeUrls(send);
    } catch (err) {
      // Not spent: the job is retried with back-off.
      await giveBack(deps.db, cdn.name, day, send.length);
      throw err;
    }
    purged += send.length;
    i += send.length;
  }
  if (purged) deps.logger.info('CDN purged', { provider: cdn.name, urls: purged });
}

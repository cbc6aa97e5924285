/**
 * Budget (c) of issue 3, the load side: the 1,000- and 100,000-article
 * databases served at once, uncached article detail and two searches
 * measured alternately on each.
 */
import { check, log } from './bench-report.ts';
import { COMMON_TERM, makeScaleDb, SELECTIVE_TERM } from './bench-scale.ts';
import { APP_ENV, BENCH, BR, load, rawGet, startChild, type LoadResult } from './bench-util.ts';

export type ScaleDb = Awaited<ReturnType<typeof makeScaleDb>>;

/** The two generated databases (made once, then reused). */
export async function scaleDbs(): Promise<ScaleDb[]> {
  const out: ScaleDb[] = [];
  for (const n of [1_000, 100_000]) {
    log(`generating a database with ${n} articles`);
    const db = await makeScaleDb(n);
    log(`  ${db.articles} published articles, generated and indexed in ${db.buildSeconds} s`);
    out.push(db);
  }
  return out;
}

/** Guards the load runs against measuring error answers (a 404 page or a code ≠ 200 envelope). */
async function expectWorking(base: string, articleId: number): Promise<void> {
  const page = await rawGet(`${base}/article/${articleId}`);
  if (page.status !== 200) throw new Error(`/article/${articleId} answered ${page.status}`);
  for (const word of [SELECTIVE_TERM, COMMON_TERM]) {
    const res = await rawGet(`${base}/api/index/search?word=${encodeURIComponent(word)}`);
    const body = JSON.parse(res.body.toString()) as { code: number; data: { total: number } };
    if (body.code !== 200 || body.data.total === 0) throw new Error(`search ${word} found nothing`);
    log(`  search “${word}”: ${body.data.total} hits`);
  }
}

type Metric = 'detail' | 'selective' | 'common';
const METRICS: Metric[] = ['detail', 'selective', 'common'];

/** Loads both databases and records the three 100k-vs-1k ratios. */
export async function scaleLoad(dbs: ScaleDb[]) {
  // Both databases are served at once (an idle server costs nothing) and the
  // runs alternate between them, so a busy moment on this shared machine
  // does not land on one side only.
  const apps = [];
  for (const [i, db] of dbs.entries()) {
    const port = i === 0 ? BENCH.appPort : BENCH.barePort;
    // Page cache off: every article request renders, whatever its URL.
    apps.push(
      await startChild('scripts/bench-app.ts', port, {
        ...APP_ENV,
        DATABASE_URL: db.url,
        PAGE_CACHE: 'off',
      }),
    );
  }
  const runs = dbs.map((db) => ({
    articles: db.articles,
    detail: [] as LoadResult[],
    selective: [] as LoadResult[],
    common: [] as LoadResult[],
  }));
  try {
    for (const [i, db] of dbs.entries()) await expectWorking(apps[i]!.url, db.ids[0]!);
    let n = 0;
    const paths: Record<Metric, (db: ScaleDb) => string | (() => string)> = {
      // The servers run without the page cache: every request renders.
      detail: (db) => () => `/article/${db.ids[n++ % db.ids.length]}`,
      selective: () => `/api/index/search?word=${encodeURIComponent(SELECTIVE_TERM)}`,
      common: () => `/api/index/search?word=${encodeURIComponent(COMMON_TERM)}`,
    };
    for (let round = 1; round <= 2; round++)
      for (const m of METRICS)
        for (const [i, db] of dbs.entries()) {
          log(`autocannon: ${m}, ${db.articles} articles (round ${round})`);
          runs[i]![m].push(
            // Few connections: renders take tens of milliseconds, and 50 queued ones would time out.
            await load(apps[i]!.url, { path: paths[m](db), headers: BR, connections: 8 }),
          );
        }
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
  }
  const mean = (xs: LoadResult[]) => xs.reduce((t, x) => t + x.rps, 0) / xs.length;
  const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const row = (name: string, m: Metric) => {
    const a = Math.round(mean(small[m]));
    const b = Math.round(mean(large[m]));
    check(name, `${b} / ${a} rps = ${(b / a).toFixed(2)}×`, '≥ 0.5×', b / a >= 0.5);
  };
  row('uncached article detail, 100k vs 1k articles', 'detail');
  row(`search “${SELECTIVE_TERM}” (same hits), 100k vs 1k`, 'selective');
  row(`search “${COMMON_TERM}” (hits grow with data), 100k vs 1k`, 'common');
  return runs;
}

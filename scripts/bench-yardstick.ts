/**
 * Issue 30's yardstick: an uncached render may cost at most about twice Astro's own rendering of
 * the same HTML. One server of the build, with PAGE_CACHE=off (every request renders), answers
 * both the real pages and /bench-yardstick, which renders the article page's component
 * (ArticlePage) from fixed props with no query. The props are written here from the database the
 * server uses, through the loaders the real page and its components use, so the two pages send
 * the same HTML. Measured with wrk (one thread, brotli on every side, every answer counted as a
 * 200), alternating rounds, beside a static nginx sending a file of the page's compressed size:
 *
 *   uncached /article/N ≥ 0.5× the yardstick; uncached / and /articles ≥ 0.3× it.
 *
 * With two cores or more (BENCH_PIN=0 turns it off) the server runs alone on core 0 and wrk and
 * nginx on core 1 for the measurement.
 *
 *   npm run build && npm run bench:yardstick          (a fresh demo database)
 *   DATABASE_URL=file:/tmp/scale.db npm run bench:yardstick
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { systemClock } from '../src/server/clock.ts';
import { openDatabase } from '../src/server/db/database.ts';
import {
  loadArticlePage,
  loadArticlePageParts,
} from '../src/pages/_components/articles/article-page.ts';
import { check, kb, log } from './bench-report.ts';
import { ALL_CORES, BENCH, BR, PINNED, pin, rawGet, startChild, type Child } from './bench-util.ts';
import { COUNT_STATUSES, staticNginx, wrk, type WrkResult } from './bench-wrk.ts';

const YARDSTICK = '/bench-yardstick';
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT || 4407);
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = 2;

/** Writes the props of /article/<id> as the server would load them, from its own database. */
async function writeProps(file: string, serverEnv: Record<string, string>, id: number) {
  const config = loadConfig({ ...process.env, ...serverEnv });
  const handle = await openDatabase(config.database);
  try {
    // Reading changes nothing, so the cache is never told anything.
    const deps = {
      db: handle.db,
      clock: systemClock,
      config,
      cache: { invalidate: () => {}, outbox: async () => {} },
    };
    const page = await loadArticlePage(deps, id);
    if (!page) throw new Error(`article ${id} is not published`);
    const parts = await loadArticlePageParts(deps, id);
    writeFileSync(file, JSON.stringify({ ...page, parts }));
    return page.article.title;
  } finally {
    await handle.close();
  }
}

/** One uncached page, checked: rendered (no X-Cache), a 200. */
async function rendered(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await rawGet(base + path, headers);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  if (res.headers['x-cache']) throw new Error(`${path} came from the page cache`);
  return res;
}

const mean = (xs: WrkResult[]) => Math.round(xs.reduce((n, x) => n + x.rps, 0) / xs.length);

/** Runs wrk counting answers; anything but 200s fails the run (a 503 is not a render). */
async function rate(url: string): Promise<WrkResult> {
  const r = await wrk(url, {
    threads: 1,
    connections: 8,
    seconds: SECONDS,
    headers: BR,
    lua: COUNT_STATUSES,
  });
  const other = Object.entries(r.statuses).filter(([s]) => s !== '200');
  if (other.length || !r.statuses['200'] || r.socketErrors)
    throw new Error(
      `${url}: answers ${JSON.stringify(r.statuses)}, ${r.socketErrors} socket errors`,
    );
  return r;
}

/** Prints and checks the budgets; answers the runs. */
export async function yardstick(databaseUrl?: string, outDir = BENCH.outDir, label = '') {
  const on = label ? ` (${label})` : '';
  const dir = mkdtempSync(join(tmpdir(), 'xxt-yardstick-'));
  const propsFile = join(dir, 'props.json');
  const env = {
    ASTRO_OUT_DIR: outDir,
    DATABASE_URL: databaseUrl ?? `file:${join(dir, 'demo.db')}`,
    XXT_MODE: 'demo',
    PAGE_CACHE: 'off',
    JOB_POLL_MS: '0',
    BENCH_YARDSTICK: propsFile,
    PORT: String(BENCH.appPort),
    HOST: '127.0.0.1',
  };
  // Ready once it answers home: migrated, and seeded when the database was empty.
  const app: Child = await startChild('scripts/bench-app.ts', BENCH.appPort, env);
  let nginx: Awaited<ReturnType<typeof staticNginx>> | undefined;
  try {
    const list = await rawGet(`${app.url}/api/article/list?page=1&size=1`);
    const id = (JSON.parse(list.body.toString()) as { data: { list: { id: number }[] } }).data
      .list[0]!.id;
    const article = `/article/${id}`;
    const title = await writeProps(propsFile, env, id);

    // The same HTML: the raw bodies within a few percent, the title in both.
    const [real, fixed] = [await rendered(app.url, article), await rendered(app.url, YARDSTICK)];
    const share = fixed.body.length / real.body.length;
    log(
      `${article}: ${real.body.length} B of HTML; ${YARDSTICK}: ${fixed.body.length} B (${real.body.equals(fixed.body) ? 'the same bytes' : `${(share * 100).toFixed(1)} %`})`,
    );
    check(
      `yardstick HTML vs ${article} (same article, same size)${on}`,
      `${kb(fixed.body.length)} / ${kb(real.body.length)} = ${share.toFixed(3)}×`,
      '0.97–1.03×',
      Math.abs(share - 1) <= 0.03 && fixed.body.toString().includes(title),
    );

    // nginx sends a file of the page's compressed size, with its headers.
    const page = await rendered(app.url, article, BR);
    const transport = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
    const headers = Object.entries(page.headers).filter(([k]) => !transport.includes(k));
    nginx = await staticNginx(NGINX_PORT, page.body, headers);

    const sides = {
      yardstick: app.url + YARDSTICK,
      article: app.url + article,
      home: app.url + '/',
      articles: app.url + '/articles',
    };
    const runs = Object.fromEntries(
      [...Object.keys(sides), 'nginx'].map((k) => [k, [] as WrkResult[]]),
    ) as Record<keyof typeof sides | 'nginx', WrkResult[]>;
    if (PINNED) {
      pin(app.proc.pid!, '0');
      pin(process.pid, '1');
      log(`pinned: server (pid ${app.proc.pid}) on core 0; wrk and nginx on core 1`);
    }
    try {
      for (let i = 0; i < ROUNDS; i++) {
        log(`wrk: uncached ${article}, /, /articles, the yardstick, static nginx (round ${i + 1})`);
        for (const [side, url] of Object.entries(sides))
          runs[side as keyof typeof sides].push(await rate(url));
        // No Lua on nginx: counting costs wrk more than any Node side here.
        runs.nginx.push(
          await wrk(nginx.url + article, {
            threads: 1,
            connections: 8,
            seconds: SECONDS,
            headers: BR,
          }),
        );
      }
    } finally {
      if (PINNED) pin(process.pid, ALL_CORES);
    }

    const r = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, mean(v)])) as Record<
      keyof typeof runs,
      number
    >;
    const fastest = Math.max(r.yardstick, r.article, r.home, r.articles);
    check(
      `wrk drives a static nginx (same compressed size) well above every Node rate${on}`,
      `${r.nginx} rps = ${(r.nginx / fastest).toFixed(1)}× the fastest Node side`,
      '≥ 10×',
      r.nginx >= 10 * fastest,
    );
    const vs = (side: 'article' | 'home' | 'articles', path: string, limit: number) =>
      check(
        `uncached ${path} vs the fixed-props yardstick (wrk, brotli)${on}`,
        `${r[side]} / ${r.yardstick} rps = ${(r[side] / r.yardstick).toFixed(2)}×`,
        `≥ ${limit}×`,
        r[side] / r.yardstick >= limit,
      );
    vs('article', article, 0.5);
    vs('home', '/', 0.3);
    vs('articles', '/articles', 0.3);
    return {
      article,
      htmlBytes: { real: real.body.length, yardstick: fixed.body.length },
      rates: r,
      runs,
    };
  } finally {
    await nginx?.stop();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Alone (npm run bench:yardstick), on the build `npm run build` made.
  const { printTable } = await import('./bench-report.ts');
  await yardstick(process.env.DATABASE_URL, process.env.ASTRO_OUT_DIR ?? 'dist');
  printTable();
}

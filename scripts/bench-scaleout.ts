/**
 * The budgets of issues 14 and 25, in one run (part of `npm run bench`, or
 * alone: `node scripts/bench-scaleout.ts`, which builds nothing and uses the
 * build in ASTRO_OUT_DIR):
 *   (g) `npm run export` of the 1,000- and 100,000-article databases (path
 *       URLs, SITE_URL set): the time per page stays flat (100k ≤ 1.3× 1k);
 *   (h) nginx serving an exported page ≥ 0.9× nginx serving the same bytes
 *       as a plain static file (deploy/nginx.conf.template vs a bare config);
 *   (i) uncached renders through nginx: two instances ≥ 1.6× one;
 *   (k) issue 25: a plain nginx serving the export's site folder as a static
 *       host with an index document does (root, index.html of a folder tried
 *       directly, open_file_cache; no rewrite, no map, no proxy, no
 *       compression) answers the linked `/article/N` ≥ 0.95× the same nginx
 *       serving the same bytes as one static file (`/same.html`). The issue's
 *       minimal server (try_files $uri $uri/ =404) is shown beside it: it
 *       answers `/article/N` with a 301 to `/article/N/`, so that row
 *       measures the folder form and says so. Both sides are the same nginx,
 *       and on two cores wrk needs about as much CPU a request as nginx, so
 *       the judged ratio is nginx's own CPU time a request on each side (which
 *       neither wrk's pace nor other work on the machine changes much); the
 *       rates and wrk's CPU share are shown beside it.
 * Every throughput figure is a ratio from this run; wrk against the static
 * nginx shows the load generator is not the limit. In (k) both sides are
 * nginx, so a row shows wrk's own CPU share during those runs instead, and the
 * judged figure is nginx's CPU a request, which does not depend on wrk's pace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportHeadersOf, freePort, runNginx } from '../deploy/local.ts';
import { budgets, check, log, printTable } from './bench-report.ts';
import type { ScaleDb } from './bench-scale-load.ts';
import {
  ALL_CORES,
  APP_ENV,
  BENCH,
  cpuSeconds,
  PINNED,
  pin,
  rawGet,
  startChild,
  type Child,
} from './bench-util.ts';
import { ensureLoadTools, staticNginx, wrk, type WrkResult } from './bench-wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const NGINX = '/usr/sbin/nginx';

/** Issue 25's plain nginx: paired rounds (static file, then the exported page) of a few seconds. */
const PLAIN_ROUNDS = Number(process.env.BENCH_PLAIN_ROUNDS || 9);
const PLAIN_ROUND_SECONDS = Math.max(2, Math.round(SECONDS / 3));
const mean = (xs: WrkResult[]) => Math.round(xs.reduce((n, x) => n + x.rps, 0) / xs.length);

/** The first published article of a generated database (the page the nginx comparisons serve). */
function firstArticle(db: ScaleDb): number {
  return (
    new DatabaseSync(db.url.replace(/^file:/, ''), { readOnly: true })
      .prepare("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1")
      .get() as { id: number }
  ).id;
}

/**
 * Runs `npm run export` on a database; answers the milliseconds per page it reported, of the
 * clock and of its own CPU time.
 */
function exportDb(
  db: ScaleDb,
  out: string,
): Promise<{ msPerPage: number; cpuMsPerPage: number; pages: number }> {
  return new Promise((ok, fail) => {
    const proc = spawn(process.execPath, ['scripts/export.ts', '--out', out], {
      // The export refuses to start without SITE_URL (issue 25); its host names the site folder
      // (<out>/127.0.0.1), the one nginx looks in for a request to 127.0.0.1 ($host).
      env: {
        ...process.env,
        ...APP_ENV,
        DATABASE_URL: db.url,
        SITE_URL: 'http://127.0.0.1',
        EXPORT_HOST: '127.0.0.1',
      },
      // The progress bar goes to the terminal; the summary line is parsed.
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    proc.stdout.on('data', (c: Buffer) => (text += c.toString()));
    proc.once('error', fail);
    proc.once('exit', (code) => {
      const m = /exported (\d+) pages .* \(([\d.]+) ms a page, ([\d.]+) ms of CPU/.exec(text);
      if (code !== 0 || !m) return fail(new Error(`export failed (${code}): ${text}`));
      ok({ pages: Number(m[1]), msPerPage: Number(m[2]), cpuMsPerPage: Number(m[3]) });
    });
  });
}

/**
 * (g) export time per page, 1k vs 100k articles: the export's own CPU time a page (rendering,
 * queries, writing), which other work on the machine does not change; the clock's is shown.
 */
async function exportFlat(dbs: ScaleDb[], dirs: string[]) {
  const runs: { articles: number; pages: number; msPerPage: number; cpuMsPerPage: number }[] = [];
  for (const [i, db] of dbs.entries()) {
    log(`export of the ${db.articles}-article database`);
    const r = await exportDb(db, dirs[i]!);
    log(`  ${r.pages} pages, ${r.msPerPage} ms a page, ${r.cpuMsPerPage} ms of CPU`);
    runs.push({ articles: db.articles, ...r });
  }
  const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const ratio = large.cpuMsPerPage / small.cpuMsPerPage;
  check(
    'export time per page, 100k vs 1k articles',
    `${large.cpuMsPerPage} / ${small.cpuMsPerPage} ms of CPU = ${ratio.toFixed(2)}× (${large.pages} / ${small.pages} pages; clock ${large.msPerPage} / ${small.msPerPage} ms)`,
    '≤ 1.3× (flat)',
    ratio <= 1.3,
  );
  return runs;
}

/** Lua walking distinct article ids, so no render is answered from a cache. */
function walkIds(ids: number[], suffix: string): string {
  return `
local ids = {${ids.join(',')}}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/article/" .. ids[(n - 1) % #ids + 1] .. "${suffix}", { ["Accept-Encoding"] = "br, gzip" })
end
`;
}

/** The processes whose parent is `pid` (nginx's workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A wrk run (one thread, 50 connections, as (h)) that also answers the CPU seconds nginx's
 * `workers` and wrk itself used during it (wrk's sampled every 200 ms while it runs).
 */
async function wrkBusy(url: string, workers: number[], runSeconds = SECONDS) {
  const nginxCpu = () => workers.reduce((n, w) => n + cpuSeconds(w), 0);
  const [n0, t0] = [nginxCpu(), performance.now()];
  const run = wrk(url, { threads: 1, connections: 50, seconds: runSeconds });
  let pid: number | undefined;
  let first: [number, number] | undefined;
  let last: [number, number] | undefined;
  const sample = setInterval(() => {
    try {
      pid ??= childrenOf(process.pid).find(
        (p) => readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'wrk',
      );
      if (pid === undefined) return;
      last = [performance.now(), cpuSeconds(pid)];
      first ??= last;
    } catch {
      /* wrk has ended */
    }
  }, 200);
  const result = await run.finally(() => clearInterval(sample));
  const seconds = (performance.now() - t0) / 1000;
  // Not sampled (wrk not found in time): NaN, and the row says n/a.
  const wrkShare =
    first && last && last[0] > first[0]
      ? (last[1] - first[1]) / ((last[0] - first[0]) / 1000)
      : NaN;
  return { result, seconds, nginx: nginxCpu() - n0, wrk: wrkShare * seconds };
}

/**
 * How a plain nginx serves the export's site folder (issue 25): no rewrite, no map, no proxy, no
 * compression (neither side). `minimal` is the issue's own test server (`try_files $uri $uri/
 * =404`): a folder asked without its slash is a 301 to it. `static-host` is the configuration
 * docs/deployment.md gives for the export, what OSS or COS do with an index document: the
 * folder's index.html is tried directly (the linked `/article/N` is the page, no redirect), and
 * nginx keeps the files it opened and the lookups it made (open_file_cache).
 */
type PlainConfig = 'minimal' | 'static-host';

const PLAIN_LOCATION: Record<PlainConfig, string> = {
  minimal: 'try_files $uri $uri/ =404;',
  'static-host': 'try_files $uri $uri/index.html $uri/ =404;',
};

async function plainNginx(
  root: string,
  config: PlainConfig,
): Promise<{ url: string; process: ChildProcess }> {
  const prefix = mkdtempSync(join(tmpdir(), 'xxt-bench-plain-'));
  const conf = join(prefix, 'nginx.conf');
  const port = await freePort();
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix};
  proxy_temp_path ${prefix};
  fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix};
  scgi_temp_path ${prefix};
  keepalive_requests 100000;
${config === 'static-host' ? '  open_file_cache max=10000 inactive=60s;\n  open_file_cache_errors on;\n' : ''}  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    location / {
      ${PLAIN_LOCATION[config]}
    }
  }
}
`,
  );
  const proc = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  proc.once('exit', () => rmSync(prefix, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await rawGet(`${url}/`);
      return { url, process: proc };
    } catch (err) {
      if (i >= 50 || proc.exitCode !== null) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * (k) issue 25: an exported page served by a plain nginx from the export folder, at the URL
 * the site's links use, vs the same nginx serving the same bytes as one static file; under the
 * static-host configuration (the budget) and the minimal one (shown, not judged).
 */
async function plainStaticHost(exportDir: string, id: number) {
  const site = join(exportDir, '127.0.0.1');
  const file = join(site, 'article', String(id), 'index.html');
  // The same bytes as one file with the page's times: the same Last-Modified and ETag too.
  copyFileSync(file, join(site, 'same.html'));
  const { atime, mtime } = statSync(file);
  utimesSync(join(site, 'same.html'), atime, mtime);
  const body = readFileSync(file);
  // The form the exported pages link to (`/article/12`, no trailing slash).
  const slash = /href="\/article\/\d+(\/?)"/.exec(readFileSync(join(site, 'index.html'), 'utf8'));
  if (!slash) throw new Error('the exported home page links to no article');
  const linked = `/article/${id}${slash[1]}`;
  const out: Record<PlainConfig, Awaited<ReturnType<typeof measurePlain>>> = {
    'static-host': await measurePlain(site, 'static-host', linked, id, body),
    minimal: await measurePlain(site, 'minimal', linked, id, body),
  };
  return out;
}

async function measurePlain(
  site: string,
  config: PlainConfig,
  linked: string,
  id: number,
  body: Buffer,
) {
  let path = linked;
  let redirected = '';
  const nginx = await plainNginx(site, config);
  try {
    let res = await rawGet(nginx.url + path);
    if (res.status >= 300 && res.status < 400) {
      // A redirect is not the page: measure the form nginx answers directly, and say so.
      log(
        `plain nginx (${config}) answers ${path} with ${res.status} (${res.headers.location}): measuring ${path}/`,
      );
      redirected = `${path.replace(String(id), 'N')}: ${res.status} to /`;
      path += '/';
      res = await rawGet(nginx.url + path);
    }
    const same = await rawGet(`${nginx.url}/same.html`);
    for (const [what, r] of [
      [path, res],
      ['/same.html', same],
    ] as const)
      if (r.status !== 200 || !r.body.equals(body))
        throw new Error(`plain nginx: ${what} answered ${r.status}, not the exported page`);
    const workers = childrenOf(nginx.process.pid!);
    const rounds: Record<'static' | 'exported', WrkResult[]> = { static: [], exported: [] };
    const busy = { nginx: 0, wrk: 0, seconds: 0 };
    // nginx's CPU a request on each side: the work per page, whatever else the machine runs.
    const cost = { static: { cpu: 0, requests: 0 }, exported: { cpu: 0, requests: 0 } };
    /** Each round's own ratio of the CPU a request, static over exported. */
    const ratios: number[] = [];
    // As the hit path (bench-hardening.ts): nginx on core 0 and wrk on core 1, so neither shares
    // a core with the other, and many short paired rounds, the median of their own ratios: this
    // machine's cores vary up to 2× from one second to the next, which one total over three
    // long rounds per side carried into the ratio (1.00× and 0.85× in two whole runs).
    if (PINNED) {
      pin(nginx.process.pid!, '0');
      for (const w of workers) pin(w, '0');
      pin(process.pid, '1');
    }
    try {
      for (let i = 0; i < PLAIN_ROUNDS; i++) {
        log(`wrk: plain nginx (${config}), static file vs exported ${path} (round ${i + 1})`);
        const us: Record<'static' | 'exported', number> = { static: 0, exported: 0 };
        const sides = [
          ['static', `${nginx.url}/same.html`],
          ['exported', nginx.url + path],
        ] as const;
        // Each side first in every other round: the first after the pause meets a slower core.
        for (const [side, url] of i % 2 === 0 ? sides : [...sides].reverse()) {
          const r = await wrkBusy(url, workers, PLAIN_ROUND_SECONDS);
          rounds[side].push(r.result);
          cost[side].cpu += r.nginx;
          cost[side].requests += r.result.requests;
          us[side] = r.nginx / r.result.requests;
          busy.nginx += r.nginx;
          busy.wrk += r.wrk;
          busy.seconds += r.seconds;
        }
        ratios.push(us.static / us.exported);
      }
    } finally {
      if (PINNED) {
        pin(process.pid, ALL_CORES);
        pin(nginx.process.pid!, ALL_CORES);
        for (const w of workers) pin(w, ALL_CORES);
      }
    }
    ratios.sort((a, b) => a - b);
    const [st, ex] = [mean(rounds.static), mean(rounds.exported)];
    const share = (s: number) => Math.round((100 * s) / busy.seconds);
    const us = (c: { cpu: number; requests: number }) => ((1e6 * c.cpu) / c.requests).toFixed(1);
    const judged = config === 'static-host';
    // Both sides are the same nginx: on two cores wrk needs about as much CPU a request as
    // nginx, so at these rates wrk may set the pace of both. nginx's own CPU a request is what
    // serving a folder costs against one file whatever drives it: that ratio is judged.
    const [usStatic, usExported] = [us(cost.static), us(cost.exported)];
    const cpuRatio = ratios[Math.floor(ratios.length / 2)]!;
    const wrkShare = share(busy.wrk);
    check(
      `exported ${path.replace(String(id), 'N')} on a plain nginx (${config === 'minimal' ? 'try_files $uri $uri/' : 'index document, open_file_cache'}) vs a static file`,
      `nginx CPU a request ${usStatic} / ${usExported} µs; median of ${ratios.length} paired rounds ${cpuRatio.toFixed(2)}× (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}; rates ${ex} / ${st} rps = ${(ex / st).toFixed(2)}×${redirected ? `; ${redirected}` : ''})`,
      judged ? '≥ 0.95×' : 'shown',
      judged ? cpuRatio >= 0.95 && !redirected : null,
    );
    check(
      `load of the plain nginx (${config}) runs`,
      `wrk ${wrkShare}%, nginx's worker ${share(busy.nginx)}% of a core at ≤ ${Math.max(st, ex)} rps${wrkShare >= 90 ? ' (wrk at its limit: the rates compare wrk, the CPU a request compares nginx)' : ''}`,
      'shown',
      null,
    );
    return {
      path,
      redirected,
      bytes: body.length,
      busy,
      cost,
      static: rounds.static,
      exported: rounds.exported,
    };
  } finally {
    await stopProc(nginx.process);
  }
}

async function stopProc(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return;
  await new Promise<void>((r) => {
    p.once('exit', () => r());
    p.kill('SIGQUIT');
  });
}

/** (h) and (i): nginx from deploy/nginx.conf.template over the 1k database and its export. */
async function throughNginx(db: ScaleDb, exportDir: string) {
  const prefix = mkdtempSync(join(tmpdir(), 'xxt-bench-nginx-'));
  const assetsDir = resolve(BENCH.outDir, 'client');
  // Two instances rendering every request (PAGE_CACHE=off) and telling nginx not to keep
  // pages (EDGE_MAX_AGE=0): every request through nginx is a render.
  const env = { ...APP_ENV, DATABASE_URL: db.url, PAGE_CACHE: 'off', EDGE_MAX_AGE: '0' };
  const apps: Child[] = [];
  const started: ChildProcess[] = [];
  try {
    // One core each (taskset), as instances on separate machines would have; wrk and nginx
    // are not pinned and take their share from both cores.
    for (let i = 0; i < 2; i++)
      apps.push(await startChild('scripts/bench-app.ts', await freePort(), env, '/', i));
    const exportHeaders = await exportHeadersOf(apps[0]!.url);
    const id = firstArticle(db);
    const file = join(exportDir, '127.0.0.1', 'article', String(id), 'index.html');
    const one = await runNginx(join(prefix, 'one'), {
      listen: `127.0.0.1:${await freePort()}`,
      upstreams: [apps[0]!.url.split(':').pop()].map(Number),
      exportDir,
      assetsDir,
      exportHeaders,
      workers: '1',
    });
    started.push(one.process);
    const two = await runNginx(join(prefix, 'two'), {
      listen: `127.0.0.1:${await freePort()}`,
      upstreams: apps.map((a) => Number(a.url.split(':').pop())),
      exportDir: join(prefix, 'no-export'),
      assetsDir,
      exportHeaders,
      workers: '1',
    });
    started.push(two.process);
    const exported = await rawGet(`${one.url}/article/${id}`);
    if (exported.headers['x-served-from'] !== 'export')
      throw new Error(`/article/${id} was not served from the export`);
    const plain = await staticNginx(
      await freePort(),
      readFileSync(file),
      Object.entries(exported.headers)
        .filter(
          ([k]) =>
            ![
              'date',
              'server',
              'connection',
              'last-modified',
              'accept-ranges',
              'x-served-from',
            ].includes(k),
        )
        .map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const rounds: Record<'static' | 'exported', WrkResult[]> = { static: [], exported: [] };
    try {
      for (let i = 0; i < 2; i++) {
        log(`wrk: static file vs exported page through the deploy config (round ${i + 1})`);
        rounds.static.push(
          await wrk(`${plain.url}/`, { threads: 1, connections: 50, seconds: SECONDS }),
        );
        rounds.exported.push(
          await wrk(`${one.url}/article/${id}`, { threads: 1, connections: 50, seconds: SECONDS }),
        );
      }
    } finally {
      await plain.stop();
    }
    const [st, ex] = [mean(rounds.static), mean(rounds.exported)];
    check(
      'exported page through nginx vs nginx static file',
      `${ex} / ${st} rps = ${(ex / st).toFixed(2)}×`,
      '≥ 0.9×',
      ex / st >= 0.9,
    );

    const ids = (
      new DatabaseSync(db.url.replace(/^file:/, ''), { readOnly: true })
        .prepare("SELECT id FROM articles WHERE status = 'published' ORDER BY id")
        .all() as { id: number }[]
    ).map((r) => r.id);
    const renders: Record<'one' | 'two', WrkResult[]> = { one: [], two: [] };
    for (let i = 0; i < 2; i++)
      for (const [side, url] of [
        ['one', one.url],
        ['two', two.url],
      ] as const) {
        // The one-instance nginx would answer exported pages itself: ask with a query string.
        log(`wrk: uncached renders through nginx, ${side} instance(s) (round ${i + 1})`);
        renders[side].push(
          await wrk(url, {
            threads: 1,
            connections: 16,
            seconds: SECONDS,
            lua: walkIds(ids, '?from=bench'),
          }),
        );
      }
    const [r1, r2] = [mean(renders.one), mean(renders.two)];
    const failed = [...renders.one, ...renders.two].reduce((n, r) => n + r.socketErrors, 0);
    check(
      'uncached renders through nginx, two instances vs one',
      `${r2} / ${r1} rps = ${(r2 / r1).toFixed(2)}× (2 cores; ${failed} socket errors)`,
      '≥ 1.6×',
      r2 / r1 >= 1.6,
    );
    return { static: rounds.static, exported: rounds.exported, renders };
  } finally {
    await Promise.all(started.map(stopProc));
    await Promise.all(apps.map((a) => a.stop()));
    rmSync(prefix, { recursive: true, force: true });
  }
}

export async function scaleOut(dbs: ScaleDb[] | null) {
  if (!dbs) {
    check(
      'export time per page, 100k vs 1k articles',
      'not run (BENCH_SKIP=scale)',
      '≤ 1.3×',
      null,
    );
    check(
      'exported /article/N on a plain nginx (index document, open_file_cache) vs a static file',
      'not run (BENCH_SKIP=scale)',
      '≥ 0.95×',
      null,
    );
    return null;
  }
  const dirs = dbs.map((db) => mkdtempSync(join(tmpdir(), `xxt-bench-export-${db.articles}-`)));
  try {
    // BENCH_SKIP=export100k: only the small export (a quick look at the nginx budgets).
    const exports = process.env.BENCH_SKIP?.includes('export100k')
      ? null
      : await exportFlat(dbs, dirs);
    if (!exports) await exportDb(dbs[0]!, dirs[0]!);
    const nginx = await throughNginx(dbs[0]!, dirs[0]!);
    const plain = await plainStaticHost(dirs[0]!, firstArticle(dbs[0]!));
    return { exports, nginx, plain };
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  ensureLoadTools();
  const { scaleDbs } = await import('./bench-scale-load.ts');
  await scaleOut(await scaleDbs());
  printTable();
  process.exit(budgets.some((b) => b.pass === false) ? 1 : 0);
}

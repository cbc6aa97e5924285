/**
 * The budgets of issue 14, in one run (part of `npm run bench`, or alone:
 * `node scripts/bench-scaleout.ts`, which builds nothing and uses the build
 * in ASTRO_OUT_DIR):
 *   (g) `npm run export` of the 1,000- and 100,000-article databases: the
 *       time per page stays flat (100k ≤ 1.3× 1k);
 *   (h) nginx serving an exported page ≥ 0.9× nginx serving the same bytes
 *       as a plain static file (deploy/nginx.conf.template vs a bare config);
 *   (i) uncached renders through nginx: two instances ≥ 1.6× one.
 * Every throughput figure is a ratio from this run; wrk against the static
 * nginx shows the load generator is not the limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportHeadersOf, freePort, runNginx } from '../deploy/local.ts';
import { budgets, check, log, printTable } from './bench-report.ts';
import type { ScaleDb } from './bench-scale-load.ts';
import { APP_ENV, BENCH, rawGet, startChild, type Child } from './bench-util.ts';
import { ensureLoadTools, staticNginx, wrk, type WrkResult } from './bench-wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 6);

/** Runs `npm run export` on a database; answers the milliseconds per page it reported. */
function exportDb(db: ScaleDb, out: string): Promise<{ msPerPage: number; pages: number }> {
  return new Promise((ok, fail) => {
    const proc = spawn(process.execPath, ['scripts/export.ts', '--out', out], {
      env: { ...process.env, ...APP_ENV, DATABASE_URL: db.url },
      // The progress bar goes to the terminal; the summary line is parsed.
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    proc.stdout.on('data', (c: Buffer) => (text += c.toString()));
    proc.once('error', fail);
    proc.once('exit', (code) => {
      const m = /exported (\d+) pages .* \(([\d.]+) ms a page/.exec(text);
      if (code !== 0 || !m) return fail(new Error(`export failed (${code}): ${text}`));
      ok({ pages: Number(m[1]), msPerPage: Number(m[2]) });
    });
  });
}

/** (g) export time per page, 1k vs 100k articles. */
async function exportFlat(dbs: ScaleDb[], dirs: string[]) {
  const runs: { articles: number; pages: number; msPerPage: number }[] = [];
  for (const [i, db] of dbs.entries()) {
    log(`export of the ${db.articles}-article database`);
    const r = await exportDb(db, dirs[i]!);
    log(`  ${r.pages} pages, ${r.msPerPage} ms a page`);
    runs.push({ articles: db.articles, ...r });
  }
  const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const ratio = large.msPerPage / small.msPerPage;
  check(
    'export time per page, 100k vs 1k articles',
    `${large.msPerPage} / ${small.msPerPage} ms = ${ratio.toFixed(2)}×`,
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
    const id = (
      new DatabaseSync(db.url.replace(/^file:/, ''), { readOnly: true })
        .prepare("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1")
        .get() as { id: number }
    ).id;
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
    const mean = (xs: WrkResult[]) => Math.round(xs.reduce((n, x) => n + x.rps, 0) / xs.length);
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
    return { exports, nginx };
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

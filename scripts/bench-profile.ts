/**
 * Where an uncached render's time goes (issue 30), printed with the benchmark so the next person
 * sees the split without a profiler. The build's server runs with PAGE_CACHE=off and
 * RENDER_PROFILE=1: every page request renders, and its `Server-Timing` header (src/middleware.ts)
 * says how long its database queries took and how many there were (`db`), how long Astro took to
 * render the page to its last byte besides them (`render`: components, island props serialised
 * into the HTML, the layout), and the CSP hashing of its inline scripts (`csp`). Compression comes
 * after the render, in the server: it is timed here on the same bytes with the same setting as
 * the server's (brotli quality 4, the `compression` package's default). `other` is what the
 * client waited beyond those: the server's own handling (routing, the render gate, headers) and
 * loopback.
 *
 * Requests go one at a time, so each figure is one render's own cost, not a queue's.
 *
 *   npm run build && npm run bench:profile            (a fresh demo database)
 *   DATABASE_URL=file:/tmp/scale.db node scripts/bench-profile.ts
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as z } from 'node:zlib';
import { log } from './bench-report.ts';
import { APP_ENV, BENCH, rawGet, startChild } from './bench-util.ts';

/** Renders timed per page (after WARMUP renders that are not counted). */
const RENDERS = Number(process.env.BENCH_PROFILE_RENDERS || 40);
const WARMUP = 5;

export interface RenderSplit {
  path: string;
  /** Bytes of the HTML. */
  bytes: number;
  queries: number;
  /** Milliseconds, each the mean over RENDERS renders. */
  totalMs: number;
  dbMs: number;
  renderMs: number;
  cspMs: number;
  brotliMs: number;
  otherMs: number;
}

/** `db;dur=1.20;desc="7 queries", render;dur=3.4` → { db: { dur: 1.2, desc: '7 queries' }, … } */
export function parseServerTiming(header: string): Record<string, { dur: number; desc: string }> {
  const out: Record<string, { dur: number; desc: string }> = {};
  for (const metric of header.split(',')) {
    const [name, ...params] = metric.trim().split(';');
    if (!name) continue;
    const entry = { dur: 0, desc: '' };
    for (const p of params) {
      const [k, v = ''] = p.trim().split('=');
      if (k === 'dur') entry.dur = Number(v);
      if (k === 'desc') entry.desc = v.replace(/^"|"$/g, '');
    }
    out[name] = entry;
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function profilePage(base: string, path: string): Promise<RenderSplit> {
  const samples: { total: number; db: number; queries: number; render: number; csp: number }[] = [];
  let body: Buffer = Buffer.alloc(0);
  for (let i = 0; i < WARMUP + RENDERS; i++) {
    const start = performance.now();
    // No Accept-Encoding: the server sends the HTML as rendered (compression is timed below).
    const res = await rawGet(base + path);
    const total = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const timing = res.headers['server-timing'];
    if (!timing)
      throw new Error(`${path}: no Server-Timing (was the server started with RENDER_PROFILE=1?)`);
    if (res.headers['x-cache'])
      throw new Error(`${path} came from the page cache (${res.headers['x-cache']})`);
    if (i < WARMUP) continue;
    const t = parseServerTiming(timing);
    samples.push({
      total,
      db: t.db?.dur ?? 0,
      queries: Number.parseInt(t.db?.desc ?? '0', 10),
      render: t.render?.dur ?? 0,
      csp: t.csp?.dur ?? 0,
    });
    body = res.body;
  }
  const brotli: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    brotliCompressSync(body, { params: { [z.BROTLI_PARAM_QUALITY]: 4 } });
    brotli.push(performance.now() - start);
  }
  const split = {
    path,
    bytes: body.length,
    queries: Math.round(mean(samples.map((s) => s.queries))),
    totalMs: mean(samples.map((s) => s.total)),
    dbMs: mean(samples.map((s) => s.db)),
    renderMs: mean(samples.map((s) => s.render)),
    cspMs: mean(samples.map((s) => s.csp)),
    brotliMs: mean(brotli),
  };
  return {
    ...split,
    otherMs: Math.max(0, split.totalMs - split.dbMs - split.renderMs - split.cspMs),
  };
}

/** The first published article's path, from the public list. */
async function firstArticle(base: string): Promise<string> {
  const res = await rawGet(`${base}/api/article/list?page=1&size=1`);
  const { data } = JSON.parse(res.body.toString()) as { data: { list: { id: number }[] } };
  return `/article/${data.list[0]!.id}`;
}

/** Prints the split of the uncached article, home and list renders; answers it. */
export async function renderProfile(
  databaseUrl?: string,
  label = 'demo',
  outDir = APP_ENV.ASTRO_OUT_DIR,
): Promise<RenderSplit[]> {
  const app = await startChild('scripts/bench-app.ts', BENCH.appPort, {
    ASTRO_OUT_DIR: outDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PAGE_CACHE: 'off',
    RENDER_PROFILE: '1',
  });
  try {
    const paths = [await firstArticle(app.url), '/', '/articles'];
    const splits: RenderSplit[] = [];
    for (const path of paths) {
      log(`profile: ${RENDERS} uncached renders of ${path} (${label})`);
      splits.push(await profilePage(app.url, path));
    }
    const ms = (n: number) => n.toFixed(2).padStart(7);
    const rows = [
      `\nWhere an uncached render goes (${label}; mean of ${RENDERS} renders one at a time, ms):`,
      `${'page'.padEnd(16)} ${'KB'.padStart(6)} ${'total'.padStart(7)} ${'db'.padStart(7)} ${'queries'.padStart(7)} ${'render'.padStart(7)} ${'csp'.padStart(7)} ${'brotli'.padStart(7)} ${'other'.padStart(7)}`,
      ...splits.map(
        (s) =>
          `${s.path.padEnd(16)} ${(s.bytes / 1024).toFixed(1).padStart(6)} ${ms(s.totalMs)} ${ms(s.dbMs)} ${String(s.queries).padStart(7)} ${ms(s.renderMs)} ${ms(s.cspMs)} ${ms(s.brotliMs)} ${ms(s.otherMs)}`,
      ),
      `(db: the page's queries; render: Astro to the HTML's last byte besides them, island props included; csp: hashing its scripts; brotli: q4 of the same bytes, as the server compresses; other: the server's handling and loopback)\n`,
    ];
    process.stdout.write(rows.join('\n') + '\n');
    return splits;
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Alone (npm run bench:profile), on the build `npm run build` made.
  await renderProfile(
    process.env.DATABASE_URL,
    process.env.DATABASE_URL ? 'DATABASE_URL' : 'demo',
    process.env.ASTRO_OUT_DIR ?? 'dist',
  );
}

/**
 * Issue 30's browser budget: Lighthouse mobile (Debian Chromium, simulated throttling) on the
 * home, article, course, live and article-list pages, in the same run as a yardstick: a minimal
 * static page of the same size (the article page's own text as plain paragraphs, padded to its
 * HTML's byte count; no script, no stylesheet, no image), served brotli-compressed from memory.
 * Three rounds alternate the yardstick and the pages; each side's figures are its medians. Each page's
 * total blocking time may be at most 100 ms over the yardstick's, its largest contentful paint
 * at most 0.5 s over, and its LCP element must be the page's content, not an ad.
 *
 *   npm run build && npm run bench:lighthouse     (the build in dist-bench, or ASTRO_OUT_DIR)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { lighthouse, type LighthouseResult } from './bench-browser.ts';
import { check, log, median, printTable } from './bench-report.ts';
import { APP_ENV, BENCH, rawGet, startChild } from './bench-util.ts';

const PORT = Number(process.env.BENCH_LH_PORT || 4413);
const TBT_OVER_MS = 100;
const LCP_OVER_MS = 500;

/** Ad markup (src/components/ads): a slot, its stage and creative, the carousel, the pop-up. */
const AD = /\bad-(slot|stage|creative|carousel|popup)\b|data-ad-/;

export function isAd(el: LighthouseResult['lcpElement']): boolean {
  return !!el && AD.test(`${el.selector} ${el.snippet}`);
}

/** The article page's visible text as plain paragraphs, padded to `bytes` of HTML. */
export function yardstickHtml(articleHtml: string, bytes: number): string {
  const text = articleHtml
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 1);
  const head =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${text[0] ?? '芯学堂'}</title></head><body><main><h1>${text[0] ?? '芯学堂'}</h1>`;
  const tail = '</main></body></html>';
  let body = '';
  for (let i = 1; Buffer.byteLength(head + body + tail) < bytes; i++)
    body += `<p>${text[i % text.length]}</p>`;
  return head + body + tail;
}

/**
 * Serves the page from a child process (scripts/bench-bare.ts, brotli bytes from memory):
 * Lighthouse runs through spawnSync, which would block a server in this process.
 */
async function serve(html: string, dir: string) {
  const br = brotliCompressSync(Buffer.from(html));
  const spec = join(dir, 'yardstick.json');
  writeFileSync(
    spec,
    JSON.stringify({
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Content-Encoding', 'br'],
        ['Cache-Control', 'no-store'],
      ],
      bodyBase64: br.toString('base64'),
    }),
  );
  const child = await startChild('scripts/bench-bare.ts', PORT, { BENCH_BODY: spec });
  return { url: child.url + '/', br: br.length, close: () => child.stop() };
}

const ms = (n: number | undefined) => (n === undefined ? '?' : `${Math.round(n)} ms`);

const ROUNDS = 3;

/** One Lighthouse run, again (up to twice more) when Lighthouse lost its trace (NO_NAVSTART). */
function measured(base: string, path: string, url?: string): LighthouseResult {
  let r = lighthouse(base, path, url);
  for (let i = 0; i < 2 && (r.tbtMs === undefined || r.lcpMs === undefined); i++)
    r = lighthouse(base, path, url);
  return r;
}

/** Lighthouse on the pages of `base` against the yardstick, recorded as budgets. */
export async function lighthouseVsYardstick(base: string, articlePath: string) {
  const paths = ['/', articlePath, '/course/1', '/live', '/articles'];
  const article = await rawGet(base + articlePath);
  if (article.status !== 200) throw new Error(`${articlePath} answered ${article.status}`);
  const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-lh-'));
  const page = await serve(yardstickHtml(article.body.toString(), article.body.length), dir);
  const runs = new Map<string, LighthouseResult[]>(
    ['yardstick', ...paths].map((p) => [p, [] as LighthouseResult[]]),
  );
  try {
    log(`the yardstick: ${article.body.length} B of HTML, ${page.br} B brotli`);
    // Rounds alternate the sides, so a slow minute of the machine falls on all of them.
    for (let round = 1; round <= ROUNDS; round++) {
      log(`Lighthouse mobile, round ${round}: the yardstick, ${paths.join(', ')}`);
      runs.get('yardstick')!.push(measured('', 'yardstick', page.url));
      for (const p of paths) runs.get(p)!.push(measured(base, p));
    }
  } finally {
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const ok = (rs: LighthouseResult[]) =>
    rs.filter((r) => r.tbtMs !== undefined && r.lcpMs !== undefined);
  const figures = (rs: LighthouseResult[]) => ({
    tbt: median(ok(rs).map((r) => r.tbtMs!)),
    lcp: median(ok(rs).map((r) => r.lcpMs!)),
    fcp: median(ok(rs).map((r) => r.fcpMs ?? 0)),
  });
  const yard = runs.get('yardstick')!;
  if (!ok(yard).length) {
    check('Lighthouse yardstick', `not run: ${yard[0]?.error}`, 'runs', null);
    return Object.fromEntries(runs);
  }
  const y = figures(yard);
  // How fast the host was across the runs: Lighthouse's phone is the host slowed fourfold, so a
  // host whose speed moves (a shared VM) moves every page's blocking time with it.
  const speeds = [...runs.values()].flatMap((rs) => rs.flatMap((r) => r.benchmarkIndex ?? []));
  const host = speeds.length
    ? `; host benchmarkIndex ${Math.round(Math.min(...speeds))}–${Math.round(Math.max(...speeds))}`
    : '';
  check(
    `Lighthouse yardstick (static page, same HTML size; median of ${ROUNDS})`,
    `TBT ${ms(y.tbt)}, FCP ${ms(y.fcp)}, LCP ${ms(y.lcp)}${host}`,
    'printed',
    true,
  );
  for (const p of paths) {
    const rs = runs.get(p)!;
    if (!ok(rs).length) {
      check(`${p} Lighthouse`, `not run: ${rs[0]?.error}`, 'runs', null);
      continue;
    }
    const f = figures(rs);
    const scores = rs.map((r) => r.score ?? '?').join(', ');
    check(
      `${p} Lighthouse TBT vs the yardstick's (scores ${scores})`,
      `${ms(f.tbt)} (+${ms(f.tbt - y.tbt)}; runs ${ok(rs)
        .map((r) => ms(r.tbtMs))
        .join(', ')})`,
      `≤ +${TBT_OVER_MS} ms`,
      f.tbt - y.tbt <= TBT_OVER_MS,
    );
    check(
      `${p} Lighthouse LCP vs the yardstick's (FCP ${ms(f.fcp)})`,
      `${ms(f.lcp)} (+${ms(f.lcp - y.lcp)})`,
      `≤ +${LCP_OVER_MS} ms`,
      f.lcp - y.lcp <= LCP_OVER_MS,
    );
    const elements = ok(rs).map((r) => r.lcpElement);
    const ad = elements.find((e) => isAd(e));
    const shown = ad ?? elements.find(Boolean);
    check(
      `${p} LCP element is content, not an ad (every run)`,
      shown ? shown.selector.slice(-60) : 'none reported',
      'not an ad',
      shown ? !ad : null,
    );
  }
  return Object.fromEntries(runs);
}

if (import.meta.main) {
  const app = await startChild('scripts/bench-app.ts', BENCH.appPort, APP_ENV);
  try {
    await lighthouseVsYardstick(app.url, '/article/1');
  } finally {
    await app.stop();
  }
  printTable();
}

/**
 * Budget (a) of issue 3 in Debian's Chromium: for a page, cold load with an
 * empty cache: compressed HTML bytes, compressed JavaScript executed before
 * the load event, CLS, readability with JavaScript off; and Lighthouse's
 * mobile performance score when Lighthouse can run here.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** The flags of playwright.config.ts. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export interface PageMetrics {
  path: string;
  htmlBytes: number;
  htmlEncoding: string;
  jsBeforeLoadBytes: number;
  jsFiles: string[];
  cls: number;
  readableWithoutJs: boolean;
  mainTextChars: number;
}

/** Sums layout shifts (without recent input) from the start of the page. */
const CLS_OBSERVER = `
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

export async function measurePage(
  browser: Browser,
  base: string,
  path: string,
): Promise<PageMetrics> {
  // A phone-sized cold context: no HTTP cache, no service worker, nothing stored.
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.addInitScript(CLS_OBSERVER);
  const res = await page.goto(base + path, { waitUntil: 'load' });
  if (!res || res.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
  const sizes = await res.request().sizes();
  const htmlEncoding = (await res.allHeaders())['content-encoding'] ?? 'identity';
  // Scripts fetched before the load event (module graph included), by their transfer size.
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => /\.m?js(\?|$)/.test(r.name) && r.responseEnd <= nav.loadEventStart)
      .map((r) => ({ name: r.name, bytes: r.encodedBodySize }));
    const inline = [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !/json/.test(s.getAttribute('type') ?? ''))
      .map((s) => s.textContent ?? '');
    return { scripts, inline };
  });
  const inlineBytes = timing.inline.reduce((n, s) => n + gzipSync(s).length, 0);
  const jsBeforeLoadBytes = timing.scripts.reduce((n, s) => n + s.bytes, 0) + inlineBytes;
  // Let late shifts (fonts, lazy images, islands) happen, scrolling through the page once.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await ctx.close();

  const off = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const p2 = await off.newPage();
  await p2.goto(base + path);
  const h1 = (await p2.locator('main h1').first().textContent())?.trim() ?? '';
  const mainText = (await p2.locator('main').innerText()).trim();
  await off.close();
  return {
    path,
    htmlBytes: sizes.responseBodySize,
    htmlEncoding,
    jsBeforeLoadBytes,
    jsFiles: timing.scripts.map((s) => `${new URL(s.name).pathname} ${s.bytes} B`),
    cls: Math.round(cls * 10000) / 10000,
    readableWithoutJs: h1.length > 0 && mainText.length > 500,
    mainTextChars: mainText.length,
  };
}

export async function measurePages(base: string, paths: string[]): Promise<PageMetrics[]> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const out: PageMetrics[] = [];
    for (const p of paths) out.push(await measurePage(browser, base, p));
    return out;
  } finally {
    await browser.close();
  }
}

export interface LighthouseResult {
  path: string;
  score: number | null;
  /** Total blocking time and largest contentful paint, ms (Lighthouse's simulated mobile). */
  tbtMs?: number;
  lcpMs?: number;
  fcpMs?: number;
  /** The largest contentful paint's element: its selector and the start of its HTML. */
  lcpElement?: { selector: string; snippet: string };
  /**
   * Lighthouse's measure of the host's CPU speed at the run (environment.benchmarkIndex): its
   * simulated phone is the host slowed fourfold, so a slower host charges every task more.
   */
  benchmarkIndex?: number;
  error?: string;
}

/**
 * Lighthouse 13 (mobile, performance only) through npx with Debian's
 * Chromium; a failure is reported with its reason rather than hidden.
 */
export function lighthouse(base: string, path: string, url = base + path): LighthouseResult {
  const run = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@^13',
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: CHROMIUM.executablePath },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    },
  );
  if (run.status !== 0 || !run.stdout) {
    const why = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n');
    return { path, score: null, error: why.slice(-3).join(' | ') };
  }
  type Node = { type?: string; selector?: string; snippet?: string; items?: Node[] };
  const report = JSON.parse(run.stdout) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number; details?: { items?: Node[] } }>;
    runtimeError?: { message: string };
    environment?: { benchmarkIndex?: number };
  };
  const score = report.categories.performance.score;
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (a `node` item).
  const node = report.audits['lcp-breakdown-insight']?.details?.items?.find(
    (i) => i.type === 'node',
  );
  return {
    path,
    score: score === null ? null : Math.round(score * 100),
    tbtMs: report.audits['total-blocking-time']?.numericValue,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue,
    fcpMs: report.audits['first-contentful-paint']?.numericValue,
    lcpElement: node ? { selector: node.selector ?? '', snippet: node.snippet ?? '' } : undefined,
    benchmarkIndex: report.environment?.benchmarkIndex,
    error: report.runtimeError?.message,
  };
}

/**
 * What the islands cost a phone once they are needed (issue 30, the browser's share): a member's
 * page hydrates its islands at idle, and a visitor's first click on an island's control (登录)
 * loads the islands' runtime. Lighthouse's visitor runs see neither. In Debian's Chromium at a
 * phone's size, on Lighthouse's slow-4G model (150 ms round trip, 1.6 Mbit/s) with the CPU slowed
 * four times, each run measures:
 *
 *   - a visitor on /article/1: the bytes the first 登录 click fetches, and the time until the login
 *     dialog shows;
 *   - the demo member on /course/1 and on /: the bytes of the page load (HTTP cache cleared), its
 *     script time (Chromium's ScriptDuration, slowed), and the time until every island that
 *     hydrates without waiting for the reader has hydrated.
 *
 * Medians of BENCH_RUNS runs (5). With BENCH_URLS=a,b (base URLs of running servers, for example two
 * builds) the runs take the servers in turns and print a column each; otherwise the build is
 * started (ASTRO_OUT_DIR) on a fresh demo database.
 *
 *   npm run build && npm run bench:hydration
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { median } from './bench-report.ts';
import { APP_ENV, BENCH, startChild, type Child } from './bench-util.ts';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const MEMBER = { mobile: '13800138001', password: 'Demo@2026' };
/** Lighthouse's mobile model: slow 4G and a CPU four times slower than the host's. */
const PHONE = { latency: 150, kbps: 1638.4, upKbps: 750, cpu: 4 };

interface Figures {
  [row: string]: number;
}

async function phone(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  return ctx.newPage();
}

/** Throttles the page as a phone on slow 4G; returns the session and a byte counter. */
async function throttle(page: Page): Promise<{ cdp: CDPSession; bytes: { n: number } }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: (PHONE.kbps * 1024) / 8,
    uploadThroughput: (PHONE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  await cdp.send('Performance.enable');
  const bytes = { n: 0 };
  cdp.on('Network.loadingFinished', (e) => void (bytes.n += e.encodedDataLength));
  return { cdp, bytes };
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
}

async function visitorFirstClick(browser: Browser, base: string, out: Figures): Promise<void> {
  const page = await phone(browser);
  await page.goto(base + '/article/1', { waitUntil: 'networkidle' });
  const { bytes } = await throttle(page);
  await page.reload({ waitUntil: 'networkidle' });
  bytes.n = 0;
  const t0 = performance.now();
  await page.locator('[data-login]').first().click();
  await page.locator('dialog.login-dialog').waitFor({ state: 'visible' });
  out['visitor /article/1: 登录 click to dialog (ms)'] = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  out['visitor /article/1: bytes the click fetches (KB)'] = bytes.n / 1024;
  await page.context().close();
}

async function memberPage(browser: Browser, base: string, path: string, out: Figures) {
  const page = await phone(browser);
  const res = await page.request.post(base + '/api/user/login', { form: MEMBER });
  if (((await res.json()) as { code: number }).code !== 200) throw new Error('demo login failed');
  await page.goto(base + '/aboutus');
  await page.evaluate((m) => localStorage.setItem('mobile', m), MEMBER.mobile);
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const { cdp, bytes } = await throttle(page);
  await cdp.send('Network.clearBrowserCache');
  bytes.n = 0;
  const before = await scriptSeconds(cdp);
  const t0 = performance.now();
  await page.reload({ waitUntil: 'networkidle' });
  // Islands that wait to be scrolled to are not counted (a member's client:member and client:near
  // islands hydrate at idle, as client:idle ones do).
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0,
    null,
    { timeout: 120_000 },
  );
  out[`member ${path}: islands hydrated (ms)`] = performance.now() - t0;
  out[`member ${path}: script, slowed (ms)`] = ((await scriptSeconds(cdp)) - before) * 1000;
  await page.waitForLoadState('networkidle');
  out[`member ${path}: bytes of the load (KB)`] = bytes.n / 1024;
  await page.context().close();
}

let app: Child | null = null;
const bases = process.env.BENCH_URLS?.split(',').filter(Boolean) ?? [];
if (bases.length === 0) {
  app = await startChild('scripts/bench-app.ts', BENCH.appPort, APP_ENV);
  bases.push(app.url);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const runs = new Map<string, Figures[]>(bases.map((b) => [b, []]));
try {
  for (let i = 0; i < RUNS; i++)
    for (const base of bases) {
      const f: Figures = {};
      await visitorFirstClick(browser, base, f);
      await memberPage(browser, base, '/course/1', f);
      await memberPage(browser, base, '/', f);
      runs.get(base)!.push(f);
      process.stdout.write(`· run ${i + 1} ${base}\n`);
    }
} finally {
  await browser.close();
  await app?.stop();
}
const rows = Object.keys(runs.get(bases[0]!)![0]!);
const table = rows.map((row) => ({
  [`median of ${RUNS} (${PHONE.cpu}× CPU, slow 4G)`]: row,
  ...Object.fromEntries(
    bases.map((b) => [b, Math.round(median(runs.get(b)!.map((f) => f[row]!)))]),
  ),
}));
console.table(table);

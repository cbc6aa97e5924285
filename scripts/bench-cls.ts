/**
 * CLS with ads on (`npm run bench:ads`): serves the built site (ASTRO_OUT_DIR,
 * default dist) on a fresh demo database, loads pages in Debian's Chromium at
 * three viewports with every ad showing (slots, script frames, video, corner
 * windows, centre pop-up), scrolls to the bottom so every lazy slot mounts,
 * and reports each page's cumulative layout shift (largest session window,
 * as web-vitals computes it). Exits 1 when any page exceeds the 0.02 budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const BUDGET = 0.02;
const PATHS = ['/', '/articles', '/live', '/column', '/shortvideo', '/learningtools'];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'wide', width: 1700, height: 1000 },
  { name: 'phone', width: 390, height: 844 },
];

const dir = mkdtempSync(join(tmpdir(), 'xxt-bench-cls-'));
process.env.DATABASE_URL = `file:${join(dir, 'bench.db')}`;
process.env.XXT_MODE = 'demo';
const { startServer } = await import('../src/server/http/main.ts');
const server = await startServer({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });

/** Runs in the page before any script: collects layout shifts into session windows. */
function observeCls(): void {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else {
        session = e.value;
        first = e.startTime;
      }
      last = e.startTime;
      w.__cls = Math.max(w.__cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // Present as an ordinary browser: overlay ads skip automated ones.
  Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows: { viewport: string; path: string; cls: number; frames: number }[] = [];
try {
  for (const vp of VIEWPORTS) {
    for (const path of PATHS) {
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        locale: 'zh-CN',
      });
      await context.addInitScript(observeCls);
      const page = await context.newPage();
      await page.goto(server.url + path, { waitUntil: 'load' });
      // Ads are fetched after load; wait for them, then let every slot mount.
      await page.waitForResponse((r) => r.url().includes('/api/roll_image/list'));
      await page.waitForTimeout(800);
      for (let y = 0; y < 30; y++) {
        const done = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight * 0.8);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.waitForTimeout(150);
        if (done) break;
      }
      await page.waitForTimeout(1200); // script frames fill 500 ms after their slot appears
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      const frames = await page.locator('iframe[sandbox]').count();
      rows.push({ viewport: vp.name, path, cls: Math.round(cls * 10000) / 10000, frames });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.table(rows);
const worst = Math.max(...rows.map((r) => r.cls));
console.log(JSON.stringify({ metric: 'cls-with-ads', budget: BUDGET, worst, pages: rows }));
if (worst > BUDGET) {
  console.error(`CLS ${worst} exceeds the budget ${BUDGET}`);
  process.exit(1);
}
process.exit(0);

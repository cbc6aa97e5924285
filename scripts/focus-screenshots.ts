/**
 * Screenshots of the focused states (issue 29), for review: the built server on a fresh demo
 * database, Debian's Chromium at 360 and 1366 px, each state reached by keyboard as a reader
 * reaches it, written to docs/a11y/focus-<state>-<width>.png (listed in docs/accessibility.md).
 *
 *   npm run build && npm run a11y:screenshots
 *
 * Not a test: what a focus ring looks like is judged by a person; the tests check that focus
 * is where it should be and that axe finds nothing.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { freePort } from './free-port.ts';
import { startChild } from './bench-util.ts';

const OUT = 'docs/a11y';
const WIDTHS = [360, 1366] as const;

async function shot(page: Page, name: string, width: number): Promise<void> {
  const file = join(OUT, `focus-${name}-${width}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n`);
}

/** Tabs until the focused element matches `selector` (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`no focus on ${selector} after ${max} Tab presses`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'xxt-focus-'));
  const port = await freePort();
  const server = await startChild('src/server/http/main.ts', port, {
    XXT_MODE: 'demo',
    DATABASE_URL: `file:${join(dir, 'demo.db')}`,
    REDIS_URL: '',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: 800 },
        locale: 'zh-CN',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      // 1. The first Tab on a page: the skip link, shown while focused.
      await page.goto('/');
      await page.keyboard.press('Tab');
      await shot(page, 'skip-link', width);
      // 2. The home carousel's first control (its controls come with the ads).
      await page.locator('[data-ad-controls] button').first().waitFor();
      await tabTo(page, '[data-ad-controls] button');
      await shot(page, 'ad-carousel', width);
      // 3. The login dialog's phone field, empty.
      await page.locator('header [data-login]').first().click();
      await page.locator('#ld-mobile').focus();
      await shot(page, 'login-field', width);
      await page.keyboard.press('Escape');
      // 4. A link in the body text of an article.
      await page.goto('/termofservice');
      await tabTo(page, 'main a');
      await shot(page, 'text-link', width);
      // 5. The console: the menu, as staff reach it by keyboard.
      await page.request.post('/api/user/login', {
        form: { mobile: '13800138000', password: 'Demo@2026' },
      });
      await page.goto('/admin');
      // At 360 px the menu waits behind its 栏目 button, the first stop either way.
      await page.locator('.ant-layout').first().waitFor();
      await tabTo(page, '[role="menu"], [role="menuitem"], .ant-btn');
      await shot(page, 'console', width);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

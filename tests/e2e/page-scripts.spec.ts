/**
 * A page's own scripts are asked for after its first paint (issue 30: src/server/http/page-scripts.ts),
 * and what a reader does before they have run is not lost: a click on the login link is held and
 * replayed, a plain link navigates at once.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** Holds the layout's script (the login trigger's) until `release` is called. */
async function holdLayoutScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const wasAsked = new Promise<void>((r) => (asked = r));
  await page.route(/\/_astro\/BaseLayout\.[^/]+\.js$/, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, wasAsked };
}

test('on a phone, the page scripts are asked for after the first contentful paint, and say when they have run', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/article/1');
  await expect(page.locator('html')).toHaveAttribute('data-page-scripts', 'ready');
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /\/_astro\/(BaseLayout|ArticlePage)\.[^/]+\.js$/.test(e.name))
      .map((e) => e.startTime);
    return { fcp, scripts };
  });
  expect(timing.fcp).toBeGreaterThan(0);
  expect(timing.scripts).toHaveLength(2);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.fcp!);
  // No module script is left in the page for the parser: the loader added them.
  expect(await page.locator('script[type="module"][src]').count()).toBe(2);
  expect(await page.locator('script[data-page-modules]').count()).toBe(1);
});

test('a click on 登录 before the page scripts have run opens the login dialog once they have', async ({
  page,
}) => {
  const layout = await holdLayoutScript(page);
  await page.goto('/articles');
  await layout.wasAsked;
  await page.locator('header [data-login]').first().click();
  // Held: not followed to the SMS login page, and no dialog without its trigger.
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-page-scripts', 'ready');
  layout.release();
  await expect(page.locator('dialog.login-dialog')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-page-scripts', 'ready');
  await expect(page).toHaveURL(/\/articles$/);
});

test('a plain link followed before the page scripts have run navigates at once', async ({
  page,
}) => {
  const layout = await holdLayoutScript(page);
  await page.goto('/articles');
  await layout.wasAsked;
  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: '直播间' })
    .click();
  await expect(page).toHaveURL(/\/live$/);
  layout.release();
});

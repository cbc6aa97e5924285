/**
 * Issue 15, downloads in Chromium: a logged-in member downloads a resource
 * from the home page's data-download section and gets exactly the file the
 * seed wrote; a visitor is asked to log in instead.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { RESOURCES } from '../../src/server/db/seed/content/site.ts';
import { loginFresh } from './members-support.ts';
import { asOwnClient, dismissNoticePopups } from './support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

test('a member downloads a resource and gets its exact bytes', async ({ page }) => {
  await loginFresh(page);
  await page.goto('/#data-download');
  const link = page.locator('#data-download a[data-download]').first();
  const title = (await link.innerText()).trim();
  const resource = RESOURCES.find((r) => r.title === title)!;
  expect(resource, title).toBeTruthy();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(
    `${title.replace(/[《》]/g, '')}.${resource.fileType.toLowerCase()}`,
  );
  const saved = readFileSync((await download.path())!);
  const original = readFileSync(
    resolve(`data/resources/${resource.slug}.${resource.fileType.toLowerCase()}`),
  );
  expect(saved.length).toBeGreaterThan(1000);
  expect(saved.equals(original)).toBe(true);
});

test('a visitor is asked to log in before downloading', async ({ page }) => {
  await page.goto('/#data-download');
  await page.locator('#data-download a[data-download]').first().click();
  await expect(page.locator('dialog.login-dialog')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

/**
 * Issue 24, the resources list in Chromium at 360 and 1366 px: every file can
 * be reached by clicking (the oldest on /resources page 2), a paid course's
 * material is listed and linked on its course page (the download still goes
 * through /download/<id>, which sends a member without the course to buy
 * it), and a 资料 search result opens the file's line on the list.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RESOURCES } from '../../src/server/db/seed/content/site.ts';
import { loginFresh } from './members-support.ts';
import { asOwnClient, dismissNoticePopups } from './support.ts';

// The seed's oldest file is the first; the Buck course's material is the second.
const OLDEST = RESOURCES[0]!;
const BUCK_MATERIAL = '《开关电源环路补偿计算表》';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [360, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the home download section leads to the full list; page 2 holds the oldest file, which downloads', async ({
      page,
    }) => {
      await page.goto('/');
      const all = page.locator('#data-download').getByRole('link', { name: /查看全部 \d+ 份资料/ });
      await expect(all).toHaveText(`查看全部 ${RESOURCES.length} 份资料 ›`);
      // The home section shows the newest eight only: the oldest is not there.
      await expect(page.locator('#data-download')).not.toContainText(OLDEST.title);
      await all.click();
      await expect(page).toHaveURL(/\/resources$/);
      await expect(page.locator('h1')).toContainText(`资料下载 共 ${RESOURCES.length} 份`);
      await expect(page.locator('.resources > li')).toHaveCount(10);
      await noSideScroll(page);
      await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2' }).click();
      await expect(page).toHaveURL(/\/resources\/page\/2$/);
      const lines = page.locator('.resources > li');
      await expect(lines).toHaveCount(RESOURCES.length - 10);
      await expect(lines.last()).toContainText(OLDEST.title);
      await noSideScroll(page);

      await loginFresh(page);
      await page.goto('/resources/page/2');
      const link = page.getByRole('link', { name: OLDEST.title, exact: true });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const saved = readFileSync((await download.path())!);
      const original = readFileSync(
        resolve(`data/resources/${OLDEST.slug}.${OLDEST.fileType.toLowerCase()}`),
      );
      expect(saved.equals(original)).toBe(true);
    });

    test('filters by file type and by course, each a path of its own', async ({ page }) => {
      await page.goto('/resources');
      const types = page.getByRole('navigation', { name: '按文件类型筛选' });
      await types.getByRole('link', { name: 'ZIP', exact: true }).click();
      await expect(page).toHaveURL(/\/resources\/type\/zip$/);
      const zips = RESOURCES.filter((r) => r.fileType === 'ZIP');
      await expect(page.locator('h1')).toContainText(`ZIP 资料 共 ${zips.length} 份`);
      const tags = page.locator('.resources > li .resource-title > .tag:first-child');
      await expect(tags).toHaveCount(zips.length);
      expect(new Set(await tags.allInnerTexts())).toEqual(new Set(['ZIP']));
      await page
        .getByRole('navigation', { name: '按课程筛选' })
        .getByRole('link', { name: /Buck/ })
        .click();
      await expect(page).toHaveURL(/\/resources\/course\/\d+\/type\/zip$/);
      await page
        .getByRole('navigation', { name: '按文件类型筛选' })
        .getByRole('link', { name: '全部' })
        .click();
      await expect(page).toHaveURL(/\/resources\/course\/\d+$/);
      await expect(page.locator('.resources > li')).toHaveCount(1);
      await expect(page.locator('.resources > li')).toContainText(BUCK_MATERIAL);
      await noSideScroll(page);
      // A filter naming nothing is a 404 with a way back.
      const missing = await page.request.get('/resources/type/exe');
      expect(missing.status()).toBe(404);
    });

    test('the Buck course page lists its material; a member without the course is sent to buy it', async ({
      page,
    }) => {
      await page.goto('/courselist?word=Buck');
      await page.locator('.grid a[href^="/course/"]').first().click();
      await expect(page).toHaveURL(/\/course\/\d+$/);
      const courseUrl = page.url();
      // What buying unlocks says so, as the checkout does (全部 7 节课时、…、1 份课程资料).
      await expect(page.getByText(/购买后解锁全部 \d+ 节课时及 1 份课程资料，/)).toBeVisible();
      const materials = page.locator('#materials');
      await materials.scrollIntoViewIfNeeded();
      await expect(materials.getByRole('heading')).toHaveText('课程资料 1 份');
      const link = materials.getByRole('link', { name: BUCK_MATERIAL });
      await expect(link).toHaveAttribute('href', /^\/download\/\d+$/);
      await noSideScroll(page);

      await loginFresh(page);
      await page.goto(courseUrl);
      await page.locator('#materials').getByRole('link', { name: BUCK_MATERIAL }).click();
      await expect(page).toHaveURL(/\/checkout\?courseId=\d+$/);
      await expect(page.locator('h1')).toHaveText('确认订单');
    });

    test('a 资料 search result opens the file’s line on the list', async ({ page }) => {
      await page.goto(`/searchlist?word=${encodeURIComponent('STM32F103 参考手册')}&type=resource`);
      const hit = page.locator('a[href^="/resources/item/"]').first();
      await expect(hit).toBeVisible();
      await hit.click();
      await expect(page).toHaveURL(/\/resources\/page\/2#resource-\d+$/);
      const line = page.locator('.resources > li:target');
      await expect(line).toContainText(OLDEST.title);
      await expect(line).toBeInViewport();
    });
  });
}

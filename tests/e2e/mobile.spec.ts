/**
 * Phones (issue 15, finish): the navigation lives behind a menu button, wide
 * banners are replaced by creatives drawn for the narrow slot instead of being
 * cropped, and dates never break inside a number.
 */
import { expect, test } from '@playwright/test';
import { dismissNotices } from './members-support.ts';

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu button opens and closes the navigation, by touch or keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const menu = page.locator('.site-header .menu summary');
    await expect(nav).toBeHidden();
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(nav).toBeVisible();
    for (const label of [
      '首页',
      '技术文章',
      '直播间',
      '公开课',
      '学习工具',
      '资料下载',
      '短视频',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    // Every link sits inside the screen.
    for (const box of await nav
      .getByRole('link')
      .evaluateAll((links) =>
        links
          .filter((a) => a.getBoundingClientRect().height > 0)
          .map((a) => a.getBoundingClientRect()),
      )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    await menu.click();
    await expect(nav).toBeHidden();
    // Keyboard: focus the button, Enter opens, the links follow in tab order.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('技术文章');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/articles$/);
  });

  test('banners show the creative drawn for phones, not a crop of the wide one', async ({
    page,
  }) => {
    await page.goto('/');
    const top = page.locator('aside[data-ad-type="2"] .ad-creative img').first();
    await expect(top).toBeVisible();
    await expect
      .poll(() => top.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/ads\/top-banner-m\.webp$/);
    const banner = page.locator('aside[data-ad-type="70"] .ad-creative img').first();
    await banner.scrollIntoViewIfNeeded();
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/ads\/index-banner-m\.webp$/);
  });

  test('dates and times in cards stay on one line', async ({ page }) => {
    await page.goto('/live');
    const times = page.locator('.live-card time');
    expect(await times.count()).toBeGreaterThan(0);
    const lines = await times.evaluateAll((els) => els.map((t) => t.getClientRects().length));
    expect(lines.every((n) => n === 1)).toBe(true);
  });
});

test('desktop keeps the navigation in the bar and the wide creative', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.locator('.site-header .menu summary')).toBeHidden();
  const top = page.locator('aside[data-ad-type="2"] .ad-creative img').first();
  await expect
    .poll(() => top.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/ads\/top-banner\.webp$/);
});

test.describe('the user centre at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('tabs scroll as one row and no tab scrolls the page sideways', async ({ page }) => {
    const res = await page.request.post('/api/user/login', {
      form: { mobile: '13800138001', password: 'Demo@2026' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await dismissNotices(page.request);
    for (const tab of ['mysubscrible', 'mycollect', 'mycomplete', 'mystudy', 'mymsg', 'myorder']) {
      await page.goto(`/usercenter/${tab}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `/usercenter/${tab} scrolls sideways`).toBe(0);
    }
    // The tab row itself scrolls: it is wider than the screen but inside it.
    const tabs = page.getByRole('navigation', { name: '个人中心' }).locator('ul');
    const box = (await tabs.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await tabs.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  });
});

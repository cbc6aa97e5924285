/**
 * The floating short-video player in Chromium: 250 px wide, 100 px from the
 * bottom-right corner, draggable by mouse and touch, closable, and still
 * playing after a navigation to another page.
 */
import { expect, test, type Page } from '@playwright/test';
import { dismissNoticePopups, expectToast } from './support.ts';
import { loginMember, playsPast, timeOf } from './media-support.ts';

const player = (page: Page) => page.locator('.floating-video');
const video = (page: Page) => page.locator('.floating-video video');

async function openFromFeed(page: Page): Promise<void> {
  await page.goto('/shortvideo');
  await page.locator('[data-float-video]').first().click();
  await expect(player(page)).toBeVisible();
  await playsPast(video(page), 1);
}

test('opens at 250 px, 100 px from the bottom-right, and keeps playing across a navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFromFeed(page);
  const box = (await player(page).boundingBox())!;
  expect(box.width).toBe(250);
  expect(Math.round(1280 - (box.x + box.width))).toBe(100);
  expect(Math.round(800 - (box.y + box.height))).toBe(100);

  const before = await timeOf(video(page));
  await page.locator('header a[href="/live"]').first().click();
  await page.waitForURL('**/live');
  await expect(player(page)).toBeVisible();
  // Resumed where it was, and the time keeps advancing on the new page.
  await expect.poll(() => timeOf(video(page))).toBeGreaterThanOrEqual(before);
  const resumed = await timeOf(video(page));
  await playsPast(video(page), resumed + 0.5);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test('drags by mouse, remembers the place, and closes for good', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFromFeed(page);
  const bar = page.locator('.floating-bar');
  const b = (await bar.boundingBox())!;
  await page.mouse.move(b.x + 60, b.y + 10);
  await page.mouse.down();
  await page.mouse.move(b.x - 240, b.y - 290, { steps: 8 });
  await page.mouse.up();
  const moved = (await player(page).boundingBox())!;
  expect(Math.round(moved.x)).toBe(Math.round(b.x - 300));
  expect(Math.round(moved.y)).toBe(Math.round(b.y - 300));

  await page.goto('/column');
  const again = (await player(page).boundingBox())!;
  expect(Math.round(again.x)).toBe(Math.round(moved.x));
  expect(Math.round(again.y)).toBe(Math.round(moved.y));

  await page.getByRole('button', { name: '关闭小窗' }).click();
  await expect(player(page)).toHaveCount(0);
  await page.goto('/live');
  await page.waitForLoadState('load');
  await expect(player(page)).toHaveCount(0);
});

test.describe('touch', () => {
  test.use({ hasTouch: true });

  test('drags by touch', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openFromFeed(page);
    const b = (await page.locator('.floating-bar').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: at(b.x + 60, b.y + 10),
    });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(b.x + 60 - i * 40, b.y + 10 - i * 30),
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const moved = (await player(page).boundingBox())!;
    expect(Math.round(moved.x)).toBe(Math.round(b.x - 200));
    expect(Math.round(moved.y)).toBe(Math.round(b.y - 150));
  });
});

test('a member likes and collects a short video on its detail page', async ({ page }) => {
  await dismissNoticePopups(page);
  await loginMember(page, '13800138002');
  await page.goto('/short/5');
  await page.waitForURL('**/short/5');
  const actions = page.locator('.media-actions');
  await actions.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]:has(.media-actions)')).toHaveCount(0);
  const like = actions.getByRole('button', { name: /点赞/ });
  const before = Number((await like.textContent())!.replace(/\D/g, ''));
  const lauded = page.waitForResponse((r) => r.url().endsWith('/api/laud/add'));
  await like.click();
  expect(await (await lauded).json()).toMatchObject({ code: 200 });
  await expect(like).toHaveText(`已点赞 ${before + 1}`);
  await actions.getByRole('button', { name: '收藏', exact: true }).click();
  await expectToast(page, '收藏成功');
  await page.reload();
  await expect(actions.getByRole('button', { name: '已收藏', exact: true })).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await actions.getByRole('button', { name: '已收藏', exact: true }).click();
  await expectToast(page, '取消收藏成功');
  await expect(actions.getByRole('button', { name: '收藏', exact: true })).toBeVisible();
});

/**
 * Issue 15, featured videos in Chromium: from the home page's 精选视频 to
 * the video's page, where one click on the poster plays the video; a member
 * collects it and finds it under 我的收藏, linking back to the page. A
 * visitor's page keeps the player's box (no layout shift), counts the view
 * and asks them to log in to collect.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginFresh, islandReady } from './members-support.ts';
import { asOwnClient, dismissNoticePopups, expectToast } from './support.ts';
import { playsPast } from './media-support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

/** Every layout shift of the page, those right after a click included (CLS leaves those out). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__shift += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifted = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shift: number }).__shift);

test('a featured video opens from the home page, plays on one click, and a member collects it', async ({
  page,
}) => {
  await loginFresh(page);
  await page.goto('/');
  const card = page.locator('#videos a').first();
  const title = (await card.innerText()).split('\n')[0]!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // One click on the poster plays it: nothing else starts the video.
  await expect(page.locator('[data-video-slot]')).toHaveAttribute('data-ready', '1');
  await page.getByRole('button', { name: `播放：${title}` }).click();
  const video = page.locator('[data-video-player="play"] video');
  await expect(video).toBeAttached();
  await playsPast(video, 1.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // The video is the listed length (generated demo media), not a short loop.
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(600);

  const collect = page.getByRole('button', { name: '收藏', exact: true });
  await islandReady(collect);
  await collect.click();
  await expectToast(page, '收藏成功');
  await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The member's own state comes back from /api/video/detail on the next load.
  await page.reload();
  await islandReady(page.getByRole('button', { name: /收藏/ }));
  await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();

  await page.goto('/usercenter/mycollect');
  const link = page.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', `/video/${id}`);
  await link.click();
  await expect(page).toHaveURL(`/video/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('a visitor: the player keeps its box, the view is counted, collecting asks to log in', async ({
  page,
  request,
}) => {
  await watchShifts(page);
  const list = (await (await request.get('/api/index/videoHotList?size=1')).json()) as {
    data: { list: { id: number; title: string }[] };
  };
  const { id, title } = list.data.list[0]!;
  const detail = page.waitForResponse((r) => r.url().endsWith(`/api/video/detail/${id}`));
  const res = await page.goto(`/video/${id}`);
  expect(res?.status()).toBe(200);
  // The page asks for the detail once per load (spec 4), which counts the view.
  const body = (await (await detail).json()) as {
    code: number;
    data: { videoDetail: { favorite: number; isLaud: number; viewCount: number } };
  };
  expect(body).toMatchObject({ code: 200, data: { videoDetail: { favorite: 0, isLaud: 0 } } });

  // Search engines get the canonical page, its Open Graph type and a VideoObject.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/video/${id}$`),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'video.other');
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  ) as { '@type': string; name: string; contentUrl: string; duration: string };
  expect(ld).toMatchObject({ '@type': 'VideoObject', name: title });
  expect(ld.contentUrl).toMatch(/\.m3u8$/);
  expect(ld.duration).toMatch(/^PT\d+M\d+S$/);
  // The trail leads back to the home page's section; related videos open their own pages.
  const crumbs = page.getByRole('navigation', { name: '面包屑' });
  await expect(crumbs.getByRole('link', { name: '精选视频' })).toHaveAttribute('href', '/#videos');
  await expect(page.locator('.meta').getByRole('link')).toHaveAttribute('href', /^\/column\/\d+$/);
  const related = page.locator('section.more a');
  expect(await related.count()).toBeGreaterThan(0);
  for (const href of await related.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^\/video\/\d+$/);

  const slot = page.locator('[data-video-slot]');
  const before = (await slot.boundingBox())!;
  expect(before.height).toBeCloseTo((before.width * 9) / 16, 0);
  await expect(slot).toHaveAttribute('data-ready', '1');
  await page.getByRole('button', { name: `播放：${title}` }).click();
  const video = page.locator('[data-video-player="play"] video');
  await playsPast(video, 1);
  const after = (await slot.boundingBox())!;
  expect(after.height).toBeCloseTo(before.height, 0);
  expect(await shifted(page)).toBe(0);

  const collect = page.getByRole('button', { name: '收藏', exact: true });
  await islandReady(collect);
  await collect.click();
  await expect(page.locator('dialog.login-dialog')).toBeVisible();
});

test('an unknown video is a 404 page with a way back to 精选视频', async ({ page }) => {
  const res = await page.goto('/video/999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('视频不存在或已下线');
  await expect(page.getByRole('link', { name: '返回精选视频' })).toHaveAttribute(
    'href',
    '/#videos',
  );
});

/**
 * Issue 15, featured videos in Chromium: from the home page's 精选视频 to
 * the video's page, where the poster starts playback; a member collects it
 * and finds it under 我的收藏, linking back to the page.
 */
import { expect, test } from '@playwright/test';
import { loginFresh, islandReady } from './members-support.ts';
import { asOwnClient, dismissNoticePopups, expectToast } from './support.ts';
import { playsPast } from './media-support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

test('a featured video opens, plays, and a member collects it', async ({ page }) => {
  await loginFresh(page);
  await page.goto('/');
  const card = page.locator('#videos a').first();
  const title = (await card.innerText()).split('\n')[0]!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/videodetail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  const play = page.getByRole('button', { name: `播放：${title}` });
  await islandReady(play);
  await play.click();
  const video = page.locator('[data-video-player="play"] video');
  await expect(video).toBeAttached();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await playsPast(video, 1.5);
  // The video is the listed length (generated demo media), not a short loop.
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(600);

  const collect = page.getByRole('button', { name: /收藏/ });
  await islandReady(collect);
  await collect.click();
  await expectToast(page, '收藏成功');
  await page.goto('/usercenter/mycollect');
  const link = page.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', /\/videodetail\?id=\d+$/);
});

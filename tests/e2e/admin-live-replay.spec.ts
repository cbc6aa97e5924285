/**
 * Issue 26, the chat kept on the replay, in Chromium: a message a member sends while a broadcast
 * is on air appears on its replay when the video reaches the second it was sent at, and not
 * before; the demo's ended seminar shows its audience's lines in step with the video, and its
 * answered questions as a list that moves the video to each on click.
 *
 * In the console's project: the first test makes a broadcast and ends it, which the site's
 * tests must not meet in the live lists.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, call, islandReady, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient, dismissNoticePopups } from './support.ts';
import { demoLiveMedia, timeOf } from './media-support.ts';
import { formatClock } from '../../src/shared/duration.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

const SEMINAR = '精密信号链设计：24 位 ADC 与低噪声运放实战';

/** The replay's video, once it knows its length (a seek before that is not a seek). */
async function replayVideo(page: Page): Promise<Locator> {
  const video = page.locator('[data-live-player="play"] video');
  await expect(video).toHaveAttribute('aria-label', /（回放）$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration || 0))
    .toBeGreaterThan(0);
  return video;
}

async function seekTo(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((v: HTMLVideoElement, s) => {
    v.currentTime = s;
  }, seconds);
  await expect.poll(() => timeOf(video)).toBeGreaterThanOrEqual(seconds);
}

function chatList(page: Page): Locator {
  return page.locator('.live-chat').getByRole('list', { name: '聊天' });
}

test('a message sent on air shows on the replay at the second it was sent', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN);
  const title = `运放选型答疑直播 ${Date.now().toString(36)}`;
  // On air for an hour from a minute ago; the message is sent about a minute in.
  const start = Date.now() - 60_000;
  const created = await call<{ id: number }>(request, admin, 'post', '/api/admin/live/create', {
    title,
    description: '低噪声运放的选型与实测。',
    speaker: '陈工',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 3_600_000).toISOString(),
    streamUrl: demoLiveMedia(2),
  });
  expect(created.code, created.message).toBe(200);
  const id = created.data.id;

  await loginFresh(page);
  await page.goto(`/livedetail?id=${id}`);
  const chat = page.locator('.live-chat');
  await islandReady(chat);
  const text = `输入失调电压怎么测比较准？${Date.now().toString(36)}`;
  await chat.getByRole('textbox', { name: '说点什么…' }).fill(text);
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  const stored = await call<{ chat: { messages: { content: string; mediaSeconds: number }[] } }>(
    request,
    admin,
    'get',
    `/api/live/chat/${id}`,
  );
  const at = stored.data.chat.messages.find((m) => m.content === text)!.mediaSeconds;
  expect(at).toBeGreaterThanOrEqual(60);

  // The broadcast ends now, with its recording as the replay.
  const ended = await call(request, admin, 'post', '/api/admin/live/update', {
    id: String(id),
    endAt: new Date().toISOString(),
    replayUrl: demoLiveMedia(2),
  });
  expect(ended.code, ended.message).toBe(200);

  await page.goto(`/livedetail?id=${id}`);
  await islandReady(chat);
  const video = await replayVideo(page);
  await expect(chat.getByText('直播已结束，互动已关闭')).toBeVisible();
  // Before its second the message is not said yet; from it on, it is, with its media time.
  await seekTo(video, at - 5);
  await expect(chatList(page)).toContainText('还没有消息');
  await seekTo(video, at + 1);
  const line = chatList(page).getByRole('listitem').filter({ hasText: text });
  await expect(line).toBeVisible();
  await expect(line).toContainText(formatClock(at));
});

test('the demo seminar’s replay follows the video; an answered question moves it', async ({
  page,
}) => {
  const res = await page.request.get('/api/index/liveBroadCast/list?status=ended&size=50');
  const list = ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data
    .list;
  const seminar = list.find((l) => l.title === SEMINAR)!;
  expect(seminar).toBeTruthy();

  await loginFresh(page);
  await page.goto(`/livedetail?id=${seminar.id}`);
  // Its host, the demo moderator who answered, is named on the page.
  await expect(page.locator('main')).toContainText('主持人：周明轩');
  const chat = page.locator('.live-chat');
  await islandReady(chat);
  const video = await replayVideo(page);

  await seekTo(video, 600);
  const lines = chatList(page).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('来学习了，最近正在调 ADS1256。');
  await expect(lines.nth(0)).toContainText('1:30');
  await expect(lines.nth(1)).toContainText('噪声表是短路输入测的吗');
  await expect(lines.nth(1)).toContainText('已回答');
  // The host's pinned question is said by then, and pinned above the chat.
  await expect(chat.getByRole('list', { name: '置顶' })).toContainText('噪声表是短路输入测的吗');

  // 已回答的问题: both answered questions, each moving the video to its second.
  await chat.getByRole('tab', { name: '已回答的问题' }).click();
  const answered = chat.getByRole('list', { name: '已回答的问题' }).getByRole('listitem');
  await expect(answered).toHaveCount(2);
  await answered.nth(1).getByRole('button', { name: '跳到 55:50' }).click();
  await expect.poll(() => timeOf(video)).toBeGreaterThanOrEqual(3350);
  await chat.getByRole('tab', { name: '聊天' }).click();
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(2)).toContainText('电流噪声这块以前一直忽略了');
  await expect(lines.nth(3)).toContainText('基准电压的滤波 RC 取多大合适');
  await expect(chatList(page)).not.toContainText('0.6 微伏峰峰值');
});

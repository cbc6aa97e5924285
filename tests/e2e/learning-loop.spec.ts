/**
 * Issue 15, the learning loop in Chromium against the built server and its
 * job worker (real clock): a reservation made in the form produces the inbox
 * reminder (and the SMS the member asked for) once the reminder time passes;
 * after a broadcast ends its replay plays on the same page; a member
 * subscribes to a column and a new lesson reaches 我的消息.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, call, islandReady, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient, dismissNoticePopups, expectToast } from './support.ts';
import { demoLessonMedia, demoLiveMedia, playMutedPast, playsPast } from './media-support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

/** Reminders go out this long before the start (services/learning REMINDER_LEAD_MS). */
const LEAD_MS = 15 * 60_000;

async function newLive(
  request: APIRequestContext,
  startInMs: number,
  lengthMs: number,
  extra: Record<string, string> = {},
): Promise<{ id: number; title: string }> {
  const admin = await tokenFor(request, ADMIN);
  const title = `电源环路补偿实战直播 ${Date.now().toString(36)}`;
  const start = Date.now() + startInMs;
  const res = await call<{ id: number }>(request, admin, 'post', '/api/admin/live/create', {
    title,
    description: '从波特图到补偿网络参数的完整推导。',
    speaker: '陈工',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + lengthMs).toISOString(),
    streamUrl: demoLiveMedia(1),
    ...extra,
  });
  expect(res.code, res.message).toBe(200);
  return { id: res.data.id, title };
}

test('a reservation brings the inbox reminder and the SMS when the reminder time passes', async ({
  page,
  request,
}) => {
  // Admin calls go through their own request context, not the page's cookies.
  const live = await newLive(request, LEAD_MS + 4_000, 60 * 60_000);
  const phone = await loginFresh(page);
  await page.goto(`/livedetail?id=${live.id}`);
  // A member sees member texts on the cached page.
  await expect(page.locator('.login-note')).toHaveText('直播尚未开始，预约后开播前提醒您');
  await expect(page.locator('.reserve .note')).toContainText('填写以下信息即可预约');
  const form = page.locator('[data-reserve-form]');
  await islandReady(form);
  await form.locator('input[name="name"]').fill('周工');
  await form.locator('input[name="company"]').fill('芯学堂测试');
  await form.getByLabel('开播前15分钟发送短信提醒到我的登录手机号').check();
  await form.getByRole('button', { name: '立即预约' }).click();
  await expectToast(page, '预约成功');

  // The worker sends it once its time (start − 15 min) has passed.
  await expect
    .poll(
      async () => {
        await page.goto('/usercenter/mymsg');
        return page.locator('main').innerText();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toContain(`直播提醒：${live.title}`);
  const sms = (await (
    await page.request.get(`/api/dev/sms-outbox?mobile=${phone}&areaNum=86`)
  ).json()) as { data: { purpose: string } };
  expect(sms.data.purpose).toBe('liveReminder');
});

test('after the end the replay plays on the same page', async ({ page, request }) => {
  // On air for 25 s more: time enough to log in and open it on a busy machine; then past its end.
  const live = await newLive(request, -5_000, 30_000, {
    replayUrl: demoLiveMedia(2),
  });
  const endsAt = Date.now() + 25_000;
  await loginFresh(page);
  await page.goto(`/livedetail?id=${live.id}`);
  await expect(page.locator('[data-live-player="play"] video')).toHaveAttribute(
    'aria-label',
    live.title,
  );
  await page.waitForTimeout(Math.max(0, endsAt - Date.now()) + 1_000);
  await page.reload();
  const replay = page.locator('[data-live-player="play"] video');
  await expect(replay).toHaveAttribute('aria-label', `${live.title}（回放）`);
  await replay.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await playsPast(replay, 1);
});

test('a subscriber of a column gets the new lesson in 我的消息', async ({ page, request }) => {
  await loginFresh(page);
  const courses = (await (await page.request.get('/api/course/list?size=1')).json()) as {
    data: { list: { id: number; title: string; classifyId: number }[] };
  };
  const course = courses.data.list[0]!;
  await page.goto(`/column/${course.classifyId}`);
  const button = page.getByRole('button', { name: '订阅专栏' });
  await expect(button).toBeEnabled();
  await button.click();
  await expectToast(page, '订阅成功，专栏有新课时将通过站内消息通知您');
  await expect(page.getByRole('button', { name: '已订阅' })).toBeVisible();
  await page.goto('/usercenter/mysubscrible');
  await expect(page.locator('main')).toContainText('订阅的专栏');
  await expect(page.getByRole('button', { name: '已订阅' }).first()).toBeVisible();

  const admin = await tokenFor(request, ADMIN);
  const added = await call(request, admin, 'post', '/api/admin/lesson/create', {
    courseId: String(course.id),
    title: '加餐：实测环路增益',
    videoUrl: demoLessonMedia(1, 2),
    durationSeconds: '720',
  });
  expect(added.code, added.message).toBe(200);
  await expect
    .poll(
      async () => {
        await page.goto('/usercenter/mymsg');
        return page.locator('main').innerText();
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toContain(`专栏更新：《${course.title}》新增课时`);
});

test('a broadcast on air is joined where it is now, not from its beginning', async ({
  page,
  request,
}) => {
  const live = await newLive(request, -5 * 60_000, 60 * 60_000);
  await loginFresh(page);
  await page.goto(`/livedetail?id=${live.id}`);
  const video = page.locator('[data-live-player="play"] video');
  await expect(video).toHaveAttribute('aria-label', live.title);
  // Five minutes in: the player starts about 300 s into the broadcast's video.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(290);
});

test('a recording becomes the replay by itself; until then the page says it is being made, never both', async ({
  page,
  request,
}) => {
  // Ended a minute ago: its recording is not in the media store.
  const missing = `/media/sealed/${Date.now().toString(16).padStart(24, '0')}/index.m3u8`;
  const pending = await newLive(request, -120_000, 60_000, { streamUrl: missing });
  // Ended too, its recording (the demo's) complete: the replay job makes it the replay.
  const ready = await newLive(request, -120_000, 60_000);
  // Streamed elsewhere: no recording here, so no replay to wait for.
  const none = await newLive(request, -120_000, 60_000, {
    streamUrl: 'https://live.example.com/hls/abc.m3u8',
  });

  await page.goto(`/livedetail?id=${pending.id}`);
  await expect(page.locator('.login-note')).toHaveText('直播已结束，回放正在制作中');
  await expect(page.locator('[data-live-player="visitor"]')).toHaveText(
    '直播已结束，回放正在制作中',
  );
  await expect(page.locator('main')).not.toContainText('可观看回放');
  await page.goto(`/livedetail?id=${none.id}`);
  await expect(page.locator('.login-note')).toHaveText('直播已结束，本场直播没有回放');

  await loginFresh(page);
  await page.goto(`/livedetail?id=${pending.id}`);
  await expect(page.locator('[data-live-player="message"]')).toHaveText(
    '直播已结束，回放正在制作中，请稍后再来观看',
  );
  await expect(page.locator('main')).not.toContainText('可观看回放');
  // The job runs at the end (the worker polls); the page is dropped from the cache when it does.
  await expect
    .poll(
      async () => {
        await page.goto(`/livedetail?id=${ready.id}`);
        return page.locator('.login-note').innerText();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('直播已结束，可观看回放');
  const replay = page.locator('[data-live-player="play"] video');
  await expect(replay).toHaveAttribute('aria-label', `${ready.title}（回放）`);
  await playMutedPast(replay, 1);
});

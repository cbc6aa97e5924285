/**
 * Paid media stays paid (issue 23), in Chromium on the real build: the buyer plays every
 * lesson of the course; the buyer's media addresses, copied into another browser (a visitor,
 * or a member who has not bought the course), give 0 bytes; the catalogue address of a paid
 * lesson gives 0 bytes to anyone; a free preview plays for a visitor.
 * (A grant outliving its time, and forged grants, are tested over HTTP with the server's
 * clock in tests/integration/learning/media-grant.test.ts.)
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginMember, playMutedPast } from './media-support.ts';

/** Demo member 1 bought this course (the seed's paid order). */
const COURSE = 'STM32F103 从零到项目';

async function courseId(page: Page): Promise<number> {
  const res = await page.request.get(
    `/api/course/list?size=50&word=${encodeURIComponent('STM32F103')}`,
  );
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  return data.list.find((c) => c.title.startsWith(COURSE))!.id;
}

/** Status and size of each address, fetched in a fresh browser context (optionally a member's). */
async function fetchElsewhere(browser: Browser, urls: string[], baseURL: string, member?: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (member) await loginMember(page, member);
  const out: { status: number; bytes: number; text: string }[] = [];
  for (const u of urls) {
    const r = await page.request.get(u);
    const body = await r.body();
    out.push({ status: r.status(), bytes: body.length, text: body.toString('utf8') });
  }
  await context.close();
  return out;
}

test('the buyer plays every lesson; copied elsewhere its media addresses give 0 bytes', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginMember(page, '13800138001');
  const id = await courseId(page);
  const media = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (/^\/media\/.*\.(?:m3u8|mp4|m4s)$/.test(u.pathname) && r.status() < 300)
      media.add(u.pathname);
  });
  await page.goto(`/course/${id}`);
  const video = page.locator('[data-lesson-player="ready"] video');
  const buttons = page.locator('[data-play-lesson]');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const key = page.waitForResponse((r) => r.url().includes('/api/duration/key'));
    await buttons.nth(i).click();
    // The first lesson is in the player already; choosing it again asks for no new key.
    if (i > 0) expect(((await (await key).json()) as { code: number }).code).toBe(200);
    await expect(video).toBeAttached();
    await playMutedPast(video, 0.5);
  }
  const played = [...media];
  expect(played.some((p) => p.endsWith('.m4s'))).toBe(true);
  // Every byte came through a grant; nothing was asked for by its catalogue address.
  expect(played.every((p) => p.startsWith('/media/s/'))).toBe(true);

  const sample = [
    played.find((p) => p.endsWith('index.m3u8'))!,
    played.find((p) => p.endsWith('init.mp4'))!,
    played.find((p) => p.endsWith('.m4s'))!,
  ];
  for (const who of [undefined, '13800138002']) {
    const rows = await fetchElsewhere(browser, sample, baseURL!, who);
    expect(rows.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(rows.every((r) => r.text === '播放授权无效：请在登录本人账号的浏览器中播放')).toBe(true);
  }
  // The catalogue address a grant stands for, guessed from it, is no way round.
  const item = sample[0]!.split('/')[4]!;
  const guessed = await fetchElsewhere(
    browser,
    [`/media/sealed/${item}/index.m3u8`, `/media/sealed/${item}/seg-000.m4s`],
    baseURL!,
    '13800138002',
  );
  expect(guessed.map((r) => r.status)).toEqual([403, 403]);
  expect(guessed[0]!.text).toBe('该视频需在播放器中观看：请打开课程或直播页面播放');
});

test('a visitor plays the free preview of a paid course, and nothing of its paid lessons', async ({
  page,
}) => {
  const id = await courseId(page);
  const media: string[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (/^\/media\/.*\.(?:m3u8|mp4|m4s)$/.test(u.pathname))
      media.push(`${r.status()} ${u.pathname}`);
  });
  await page.goto(`/course/${id}`);
  const video = page.locator('[data-lesson-player="ready"] video');
  await expect(video).toBeAttached();
  await playMutedPast(video, 1);
  expect(media.length).toBeGreaterThan(0);
  expect(media.every((m) => m.startsWith('200 /media/s/') || m.startsWith('206 /media/s/'))).toBe(
    true,
  );
  // A paid lesson's grant is refused to a visitor with the lesson's message.
  const outline = await page.request.get(`/api/course/detail/${id}`);
  const { data } = (await outline.json()) as {
    data: { detail: { lessons: { id: number; locked: boolean; videoUrl: string | null }[] } };
  };
  const locked = data.detail.lessons.filter((l) => l.locked);
  expect(locked.length).toBeGreaterThan(0);
  expect(locked.every((l) => l.videoUrl === null)).toBe(true);
  const grant = await page.request.post('/api/media/grant', {
    form: { lessonId: String(locked[0]!.id) },
  });
  expect(await grant.json()).toMatchObject({ code: 403, message: '购买课程后即可观看该课时' });
});

/**
 * Notes and bookmarks in Chromium (issue 23): a note at a lesson's current second lists at
 * 01:23, seeks the video back there, and shows in 我的笔记 with a link opening the lesson at
 * that second; the Markdown export holds it; an article highlight is marked in the text after a
 * reload and reached from its link; a visitor sees only the login prompt.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { timeOf } from './media-support.ts';
import { firstArticleId, islandReady, loginFresh } from './members-support.ts';
import { dismissNoticePopups, expectToast } from './support.ts';

async function freeCourseId(page: Page): Promise<number> {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; free: boolean }[] } };
  return data.list.find((c) => c.free)!.id;
}

test('a note made at 01:23 lists there, seeks there, and links back to the lesson at 01:23', async ({
  page,
}) => {
  // A member of its own: the demo members' passwords and notes are other tests' too.
  await loginFresh(page);
  await dismissNoticePopups(page);
  const courseId = await freeCourseId(page);
  await page.goto(`/course/${courseId}`);
  const video = page.locator('[data-lesson-player="ready"] video');
  await expect(video).toBeAttached();
  // The resume position is set once the watch key has answered.
  await expect(page.locator('[data-watched]')).toBeAttached();
  const lessonId = Number(await page.locator('#lesson-player').getAttribute('data-lesson-id'));
  expect(lessonId).toBeGreaterThan(0);
  // Below the player: hydrated when scrolled near.
  await page.locator('.player-notes').scrollIntoViewIfNeeded();
  const notes = page.locator('[data-player-notes="member"]');
  await islandReady(notes);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 83;
    v.pause();
  });
  await expect.poll(() => timeOf(video)).toBe(83);

  await notes.getByRole('button', { name: '添加笔记' }).click();
  const form = notes.getByRole('form', { name: '添加笔记' });
  await expect(form).toContainText('在 01:23 记笔记');
  const text = `上拉电阻的取值 ${Date.now()}`;
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: '保存笔记' }).click();
  await expectToast(page, '笔记已保存');
  const item = notes.locator('li').filter({ hasText: text });
  await expect(item.locator('.note-time')).toHaveText('01:23');

  // A click on the time seeks the video back to it.
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
  await expect.poll(() => timeOf(video)).toBeLessThan(10);
  await item.locator('.note-time').click();
  await expect.poll(() => timeOf(video)).toBe(83);

  // 编辑 changes the text in place; the time stays.
  const noteId = await item.getAttribute('data-note-id');
  const same = notes.locator(`li[data-note-id="${noteId}"]`);
  await same.getByRole('button', { name: '编辑' }).click();
  const edited = `${text}（已补充）`;
  await same.getByRole('textbox').fill(edited);
  await same.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '笔记已修改');
  const changed = notes.locator('li').filter({ hasText: edited });
  await expect(changed.locator('.note-time')).toHaveText('01:23');

  // 我的笔记 links back to the lesson at that second.
  await page.goto('/usercenter/mynote');
  const row = page.getByTestId('note-list').locator('li').filter({ hasText: edited });
  const link = row.getByRole('link', { name: '01:23' });
  await expect(link).toHaveAttribute('href', `/course/${courseId}#lesson=${lessonId}&t=83`);

  // 导出 Markdown downloads a file holding the note with its time and link.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出 Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^我的笔记-\d{4}-\d{2}-\d{2}\.md$/);
  const md = readFileSync((await file.path())!, 'utf8');
  expect(md).toContain(`/course/${courseId}#lesson=${lessonId}&t=83) ${edited}`);
  expect(md).toContain('[01:23](');

  // The link reopens the lesson at 01:23.
  await page.goto('/usercenter/mynote');
  await link.click();
  await expect(page.locator(`#lesson-player[data-lesson-id="${lessonId}"]`)).toBeAttached();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThanOrEqual(83);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(84.5);
});

test('an article highlight is marked after a reload, listed, and reached from 我的笔记', async ({
  page,
}) => {
  // A member of its own: the demo members' passwords and notes are other tests' too.
  await loginFresh(page);
  await dismissNoticePopups(page);
  const articleId = await firstArticleId(page.request, 1);
  await page.goto(`/article/${articleId}`);
  const panel = page.getByRole('region', { name: '我的划线笔记' });
  await islandReady(panel.getByRole('heading', { name: '我的划线笔记' }));
  await expect(panel).toContainText('选中文章中的一段文字');
  // Select the first words of the first text paragraph, as a reader's drag would.
  const { quote, paragraph } = await page.evaluate(() => {
    const body = document.getElementById('article-body')!;
    const blocks = [...body.children];
    const p = blocks.find((b) => b.tagName === 'P' && (b.textContent ?? '').trim().length >= 12)!;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode() as Text;
    while (node.data.trim().length < 8) node = walker.nextNode() as Text;
    const start = node.data.search(/\S/);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + 8);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    p.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return { quote: range.toString(), paragraph: blocks.indexOf(p) };
  });
  await page.getByRole('button', { name: '划线笔记' }).click();
  const form = panel.getByRole('form', { name: '划线笔记' });
  await expect(form.locator('.note-quote')).toHaveText(quote);
  const text = `这段要记住 ${Date.now()}`;
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '划线已保存');

  await page.reload();
  await islandReady(panel.getByRole('heading', { name: '我的划线笔记' }));
  await expect(panel.locator('li').filter({ hasText: text })).toContainText(quote);
  const mark = page.locator(`#article-body > :nth-child(${paragraph + 1}) mark.note-mark`);
  await expect(mark.first()).toHaveText(quote);
  const noteId = Number(await mark.first().getAttribute('data-note-id'));

  await page.goto('/usercenter/mynote');
  const link = page
    .getByTestId('note-list')
    .getByRole('link', { name: `“${quote}”` })
    .first();
  await expect(link).toHaveAttribute('href', `/article/${articleId}#note-${noteId}`);
  await link.click();
  await expect(page.locator(`mark#note-${noteId}`)).toBeInViewport();
});

test('a visitor sees the login prompt beside the player and on articles, and no notes', async ({
  page,
}) => {
  const courseId = await freeCourseId(page);
  await page.goto(`/course/${courseId}`);
  await page.locator('.player-notes').scrollIntoViewIfNeeded();
  const notes = page.locator('[data-player-notes]');
  await islandReady(notes);
  await expect(notes).toHaveAttribute('data-player-notes', 'visitor');
  await expect(notes.getByRole('button', { name: '登录记笔记' })).toBeVisible();
  await expect(notes.locator('li')).toHaveCount(0);
  const articleId = await firstArticleId(page.request, 1);
  await page.goto(`/article/${articleId}`);
  const panel = page.getByRole('region', { name: '我的划线笔记' });
  await islandReady(panel.getByRole('heading', { name: '我的划线笔记' }));
  await expect(panel).toContainText('登录后可选中文章中的文字划线');
  await expect(page.locator('mark.note-mark')).toHaveCount(0);
  // The member's notes never enter the shared page.
  const html = await (await page.request.get(`/article/${articleId}`)).text();
  expect(html).not.toContain('这段要记住');
});

test('a replay opened at #t= starts there, and a ★ bookmark lists at its second', async ({
  page,
}) => {
  // A member of its own: the demo members' passwords and notes are other tests' too.
  await loginFresh(page);
  await dismissNoticePopups(page);
  const res = await page.request.get('/api/index/liveBroadCast/list?status=ended&size=20');
  const { data } = (await res.json()) as { data: { list: { id: number }[] } };
  let liveId = 0;
  for (const l of data.list) {
    const play = await page.request.get(`/api/live_broadcast/play/${l.id}`);
    if (((await play.json()) as { code: number }).code === 200) {
      liveId = l.id;
      break;
    }
  }
  expect(liveId).toBeGreaterThan(0);
  await page.goto(`/livedetail?id=${liveId}#t=4`);
  const video = page.locator('[data-live-player="play"] video');
  await expect(video).toBeAttached();
  await page.locator('.player-notes').scrollIntoViewIfNeeded();
  const notes = page.locator('[data-player-notes="member"]');
  await islandReady(notes);
  await expect.poll(() => timeOf(video)).toBe(4);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 7;
    v.pause();
  });
  await expect.poll(() => timeOf(video)).toBe(7);
  await notes.getByRole('button', { name: '★ 书签' }).click();
  await expectToast(page, '书签已添加');
  await expect(
    notes.locator('li').filter({ has: page.locator('.note-time', { hasText: '00:07' }) }),
  ).toContainText('★ 书签');
  await page.goto('/usercenter/mynote');
  await expect(
    page.getByTestId('note-list').getByRole('link', { name: '00:07' }).first(),
  ).toHaveAttribute('href', `/live/${liveId}#t=7`);
});

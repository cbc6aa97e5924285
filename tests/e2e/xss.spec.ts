/**
 * The XSS corpus in Chromium: payloads sent through an article body, article
 * titles, comments and a profile name are opened on the article page, the
 * article list, the user centre and the notice pages; no script may run
 * (`window.__xss` stays unset) and no dialog may open.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHORT_PAYLOADS, XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';
import { ADMIN, call, loginPage, tokenFor } from './members-support.ts';

const AUTHOR = '13800138001';

/** Packs payloads into strings of at most `max` characters. */
function pack(payloads: readonly string[], max: number, count: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const p of payloads) {
    if (p.length > max) continue;
    if ((cur + p).length > max) {
      out.push(cur);
      cur = '';
      if (out.length === count) break;
    }
    cur += p;
  }
  if (cur && out.length < count) out.push(cur);
  return out;
}

async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  // Give late handlers (load, focus, animation, media errors) time to fire.
  await page.waitForTimeout(800);
  await page.mouse.move(400, 300);
  await page.mouse.move(640, 500);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('no payload of the corpus runs on any page that shows member input', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const author = await tokenFor(request, AUTHOR);
  const admin = await tokenFor(request, ADMIN);
  const cats = (await (await request.get('/api/article/classifyAll')).json()) as {
    data: { list: { id: number }[] };
  };
  const classifyId = String(cats.data.list[0]!.id);

  // The whole corpus in one body; titles carry as many as fit in 100 characters.
  const body = XSS_PAYLOADS.map((p) => `<p>${p}</p>`).join('');
  const titles = pack(XSS_PAYLOADS, 100, 5);
  const ids: number[] = [];
  for (const title of ['XSS 语料正文', ...titles]) {
    const saved = await call<{ id: number }>(request, author, 'post', '/api/article/saveArticle', {
      title,
      content: title === 'XSS 语料正文' ? body : `<p>标题语料</p>${title}`,
      classifyId,
    });
    expect(saved.code, title).toBe(200);
    ids.push(saved.data.id);
  }
  // Only the body article goes public: the title ones stay in review, shown in
  // the author's own lists, so other tests' public lists keep their layout.
  for (const id of ids.slice(0, 1)) {
    const r = await call(request, admin, 'post', '/api/admin/article/review', {
      id: String(id),
      approve: '1',
    });
    expect(r.code).toBe(200);
  }
  // Comments (5 a minute per member): the author and the admin each send five packed ones.
  const comments = pack(XSS_PAYLOADS, 500, 10);
  for (const [i, content] of comments.entries()) {
    const r = await call(request, i < 5 ? admin : author, 'post', '/api/comment/add', {
      targetType: 'article',
      targetId: String(ids[0]),
      content,
    });
    expect(r.code, content).toBe(200);
  }
  const sentInComments = comments.join('').length;
  expect(sentInComments).toBeGreaterThan(3000);
  // The admin's name shows beside their comments (and in mymsg replies).
  const renamed = await call(request, admin, 'post', '/api/user/saveUser', {
    name: SHORT_PAYLOADS[1]!,
  });
  expect(renamed.code).toBe(200);

  const dialogs = await watch(page);
  await loginPage(page, AUTHOR);
  await page.goto(`/article/${ids[0]}`);
  const section = page.getByRole('region', { name: '评论' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('data-ready', '1');
  await expect(page.getByTestId('comment-count')).toHaveText(`(${comments.length})`);
  while (await page.getByRole('button', { name: '加载更多' }).isVisible()) {
    await page.getByRole('button', { name: '加载更多' }).click();
  }
  await expect(section.locator('li')).toHaveCount(comments.length);
  await expect(section.locator('li').last()).toContainText(SHORT_PAYLOADS[1]!);
  await expectNothingRan(page, dialogs);

  for (const path of [
    '/articlelist?type=2',
    '/usercenter/mypublish',
    '/usercenter/mymsg',
    `/usercenter/newpublish?id=${ids[0]}`,
    `/searchlist?word=${encodeURIComponent('XSS 语料正文')}`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await expectNothingRan(page, dialogs);
  }
  await expect(page.locator('body')).toContainText('XSS 语料正文');
});

test('the detector sees a payload that does run (control)', async ({ page }) => {
  const dialogs = await watch(page);
  await page.setContent(`<p>${XSS_PAYLOADS.find((p) => p.startsWith('<img src=x onerror='))}</p>`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss))
    .toBe(1);
  await page.setContent('<img src=x onerror=alert(1)>');
  await expect.poll(() => dialogs.length).toBe(1);
});

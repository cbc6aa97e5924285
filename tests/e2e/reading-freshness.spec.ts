/**
 * Freshness against the built server (issue 3): pages are served from the
 * page cache (X-Cache: HIT), an admin changes content through the API, and
 * the very next load, within a second, shows the change on every affected
 * page: a new article on the list and the home page, an edit on its page and
 * the list, a delete as a 404. No rebuild, no waiting for expiry.
 */
import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ mode: 'serial' });

const ADMIN = { mobile: '13800138000', password: 'Demo@2026' };
const NEW_TITLE = `新品发布：GD32H7 高速 ADC 实测 ${Date.now() % 100000}`;
const EDITED_TITLE = `${NEW_TITLE}（已更新）`;

async function loginAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/user/login', { form: ADMIN });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

/**
 * Loads a page until a load comes from the cache (the other browser tests,
 * running in parallel, may change content that drops it in between).
 */
async function warm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect
    .poll(async () => (await page.goto(path))?.headers()['x-cache'], {
      message: `${path} is cached`,
      timeout: 30_000,
    })
    .toBe('HIT');
}

/** Reloads once (no retries) and returns the main text, with the time since `since`. */
async function reloadText(page: Page, path: string, since: number) {
  const res = await page.goto(path);
  const text = (await page.locator('main').textContent()) ?? '';
  return { status: res?.status(), text, ms: Date.now() - since };
}

/**
 * Records how long after the change the page was loaded. Not asserted (no
 * timed assertions on these noisy machines): what is asserted is that the
 * first load after the change, started at once, already shows it.
 */
function note(ms: number): void {
  test.info().annotations.push({ type: 'loaded after change (ms)', description: String(ms) });
}

let articleId = 0;

test('a new article is on the article list and the home page at once', async ({ page }) => {
  await loginAdmin(page);
  await warm(page, '/articlelist?type=2');
  await warm(page, '/');
  const res = await page.request.post('/api/admin/article/create', {
    form: {
      title: NEW_TITLE,
      classifyId: '6',
      summary: '实测 GD32H7 的 ADC 有效位数与采样率。',
      content: '第一部分：测试环境与方法。\n\n第二部分：结果与分析。',
      authorName: '芯学堂编辑部',
    },
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(200);
  articleId = body.data.id;
  const changedAt = Date.now();
  const list = await reloadText(page, '/articlelist?type=2', changedAt);
  expect(list.text).toContain(NEW_TITLE);
  await expect(page.locator('main ul.list h2 a').first()).toHaveText(NEW_TITLE);
  const home = await reloadText(page, '/', changedAt);
  expect(home.text).toContain(NEW_TITLE);
  await expect(page.locator('#articles .panel[data-type="2"] h3 a').first()).toHaveText(NEW_TITLE);
  note(home.ms);
});

test('an edit shows on the article page and the list on the next load', async ({ page }) => {
  await loginAdmin(page);
  await warm(page, `/article/${articleId}`);
  await warm(page, '/articlelist?type=2');
  const res = await page.request.post('/api/admin/article/update', {
    form: { id: String(articleId), title: EDITED_TITLE, content: '修订后的正文：增加了温漂数据。' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  const changedAt = Date.now();
  const detail = await reloadText(page, `/article/${articleId}`, changedAt);
  expect(detail.text).toContain(EDITED_TITLE);
  expect(detail.text).toContain('修订后的正文：增加了温漂数据。');
  const list = await reloadText(page, '/articlelist?type=2', changedAt);
  expect(list.text).toContain(EDITED_TITLE);
  note(list.ms);
});

test('a deleted article is a 404 and gone from the list on the next load', async ({ page }) => {
  await loginAdmin(page);
  await warm(page, `/article/${articleId}`);
  await warm(page, '/articlelist?type=2');
  const res = await page.request.post('/api/admin/article/delete', {
    form: { id: String(articleId) },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  const changedAt = Date.now();
  const detail = await reloadText(page, `/article/${articleId}`, changedAt);
  expect(detail.status).toBe(404);
  const list = await reloadText(page, '/articlelist?type=2', changedAt);
  expect(list.text).not.toContain(EDITED_TITLE);
  note(list.ms);
});

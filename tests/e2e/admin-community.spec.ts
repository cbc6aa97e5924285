/**
 * Community work in the console (issue 12), in Chromium on the real build: a
 * member's article, submitted for review, is approved in 投稿审核 and is on
 * the public site on the next request; a comment hidden in 评论管理 is gone
 * from the public page on the next request; both are in the audit log.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, call, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption, expectAudited } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function publicComments(page: Page, path: string) {
  await page.goto(path);
  const comments = page.getByRole('region', { name: '评论' });
  await comments.scrollIntoViewIfNeeded();
  await expect(comments).toHaveAttribute('data-ready', '1');
  return comments;
}

test('the admin approves a member’s article in 投稿审核; it is public on the next request', async ({
  page,
  request,
}) => {
  const member = await tokenFor(request, '13800138001');
  const title = `示波器探头补偿笔记 ${Date.now()}`;
  const classes = (await (await request.get('/api/article/classify')).json()) as {
    data: { id: number }[] | { list: { id: number }[] };
  };
  const classifyId = (Array.isArray(classes.data) ? classes.data : classes.data.list)[0]!.id;
  const saved = await call<{ id: number }>(request, member, 'post', '/api/article/saveArticle', {
    title,
    classifyId: String(classifyId),
    content: '<h2>补偿步骤</h2><p>用 1 kHz 方波校准，调到波形平顶。</p>',
  });
  expect(saved.code).toBe(200);
  const id = saved.data.id;
  expect((await page.request.get(`/article/${id}`)).status()).toBe(404);

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '投稿审核' }).click();
  const row = page.locator('tr', { hasText: title });
  await row.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('已通过，文章已发布')).toBeVisible();
  await expect(row).toHaveCount(0);

  const res = await page.request.get(`/article/${id}`);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<h2>补偿步骤</h2>');
  expect(await (await page.request.get('/articlelist')).text()).toContain(title);

  await expectAudited(page, '/api/admin/article/review', '（管理员）');
});

test('the admin hides a comment in 评论管理; it is gone from the public page on the next request', async ({
  page,
  browser,
  request,
}) => {
  // 13800138003's password is changed by the site's password-recovery test; 13800138002's is not.
  const member = await tokenFor(request, '13800138002');
  const list = (await (await request.get('/api/article/list?page=1&size=1')).json()) as {
    data: { list: { id: number }[] };
  };
  const articleId = list.data.list[0]!.id;
  const text = `这段推导有误，应为 ${Date.now()}`;
  const added = await call(request, member, 'post', '/api/comment/add', {
    targetType: 'article',
    targetId: String(articleId),
    content: text,
  });
  expect(added.code).toBe(200);
  const visitor = await browser.newPage();
  await expect(
    (await publicComments(visitor, `/article/${articleId}`)).getByText(text),
  ).toBeVisible();

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '评论管理' }).click();
  const row = page.locator('tr', { hasText: text });
  await expect(row).toContainText('显示中');
  await row.getByRole('button', { name: '隐藏' }).click();
  await expect(page.getByText('评论已隐藏')).toBeVisible();
  await expect(row).toContainText('已隐藏');

  const comments = await publicComments(visitor, `/article/${articleId}`);
  await expect(comments.getByText(text)).toHaveCount(0);
  await visitor.close();

  await expectAudited(page, '/api/admin/comment/hide', '（管理员）');
});

test('a moderator’s review word holds a comment until it is shown; the audit log filters to it', async ({
  page,
  browser,
  request,
}) => {
  const word = `刷单${Date.now() % 1_000_000}`;
  await loginPage(page, '13800138005');
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '评论管理' }).click();
  await page.getByLabel('新审核词').fill(word);
  await page.getByLabel('新审核词').press('Enter');
  await expect(page.getByText('审核词已添加', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `删除审核词“${word}”` })).toBeVisible();

  const member = await tokenFor(request, '13800138002');
  const list = (await (await request.get('/api/article/list?page=1&size=2')).json()) as {
    data: { list: { id: number }[] };
  };
  const articleId = list.data.list[1]!.id;
  const text = `低价${word}，加我微信`;
  const added = await call(request, member, 'post', '/api/comment/add', {
    targetType: 'article',
    targetId: String(articleId),
    content: text,
  });
  expect(added.code).toBe(200);
  const visitor = await browser.newPage();
  await expect(
    (await publicComments(visitor, `/article/${articleId}`)).getByText(text),
  ).toHaveCount(0);

  await page.reload();
  await page.getByRole('menuitem', { name: '评论管理' }).click();
  const row = page.locator('tr', { hasText: text });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '显示' }).click();
  await expect(page.getByText('评论已显示', { exact: true })).toBeVisible();
  await expect(
    (await publicComments(visitor, `/article/${articleId}`)).getByText(text),
  ).toBeVisible();
  await visitor.close();

  await page.getByRole('button', { name: `删除审核词“${word}”` }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('审核词已删除', { exact: true })).toBeVisible();

  // The admin finds the moderator's change by filtering the log.
  await page.context().clearCookies();
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: '按对象类型筛选' }), /^评论$/);
  await page.getByLabel('按操作搜索').fill('comment/show');
  await page.getByLabel('按操作搜索').press('Enter');
  const first = page.locator('.ant-table-row').first();
  await expect(first).toContainText('/api/admin/comment/show');
  await expect(first).toContainText('（审核员）');
  await expect(first).toContainText('评论 #');
  await expect(page.locator('.ant-table-row', { hasText: '/api/admin/ad/create' })).toHaveCount(0);
});

/**
 * Articles in the console (issue 12), in Chromium on the real build: the demo
 * admin writes an article in the rich-text editor (heading, bold, code
 * block) scheduled a few seconds ahead; it is not public before its time and
 * is on the list and its page after; the audit log has it. Chinese typed
 * through an input method (real composition events over CDP) lands once, as
 * committed. An editor works in 文章管理 too.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption, expectAudited } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function newArticle(page: Page, title: string) {
  await page.getByRole('menuitem', { name: '文章管理' }).click();
  await page.getByRole('button', { name: '新建文章' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('标题', { exact: true }).fill(title);
  await chooseOption(page, drawer.getByLabel('分类', { exact: true }));
  return drawer;
}

async function articleId(page: Page, title: string): Promise<{ id: number; state: string }> {
  const res = await page.request.get(`/api/admin/article/list?q=${encodeURIComponent(title)}`);
  const body = (await res.json()) as { data: { list: { id: number; state: string }[] } };
  return body.data.list[0]!;
}

test('the admin writes an article in the editor, scheduled; it goes public at its time', async ({
  page,
}) => {
  test.setTimeout(450_000);
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  const title = `GaN 快充拓扑选型 ${Date.now()}`;
  const drawer = await newArticle(page, title);
  const editor = drawer.getByRole('textbox', { name: '正文' });
  await editor.click();
  await drawer.getByRole('button', { name: '二级标题' }).click();
  await page.keyboard.type('拓扑对比');
  await page.keyboard.press('Enter');
  await page.keyboard.type('结论：');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('LLC 效率最高');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: '代码块' }).click();
  await page.keyboard.type('Vout = Vin * D / (1 - D)');
  // Far enough ahead that a loaded machine saves it before its time.
  const at = new Date(Date.now() + 60_000);
  const local = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  // Typed as a user types it: the picker parses each keystroke, then OK takes the typed time.
  const picker = drawer.getByLabel('发布时间');
  await picker.click();
  await picker.pressSequentially(local);
  await expect(page.locator('.ant-picker-ok button')).toBeEnabled();
  await page.locator('.ant-picker-ok button').click();
  await expect(picker).toHaveValue(local);
  await drawer.getByRole('button', { name: '保存文章' }).click();
  await expect(page.getByText(/文章已保存，将于 .* 发布/)).toBeVisible();
  const { id, state } = await articleId(page, title);
  expect(state).toBe('scheduled');
  await expect(page.locator('tr', { hasText: title })).toContainText('定时发布');

  // Not public before its time: neither its page nor the list.
  expect((await page.request.get(`/article/${id}`)).status()).toBe(404);
  expect(await (await page.request.get('/articlelist')).text()).not.toContain(title);
  // After its time, on the next request (the publication job drops the cached pages).
  await expect
    .poll(async () => (await page.request.get(`/article/${id}`)).status(), { timeout: 180_000 })
    .toBe(200);
  await expect.poll(async () => (await page.request.get('/articlelist')).text()).toContain(title);
  const html = await (await page.request.get(`/article/${id}`)).text();
  expect(html).toContain('<h2>拓扑对比</h2>');
  expect(html).toContain('<strong>LLC 效率最高</strong>');
  expect(html).toContain('<code>Vout = Vin * D / (1 - D)</code></pre>');

  await expectAudited(page, '/api/admin/article/create', '（管理员）');
});

test('Chinese typed through an input method lands in the editor once, as committed', async ({
  page,
}) => {
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  const title = `输入法测试 ${Date.now()}`;
  const drawer = await newArticle(page, title);
  const editor = drawer.getByRole('textbox', { name: '正文' });
  await editor.click();
  // An IME session as Chromium sees one: composition updates with pinyin, then the commit.
  const cdp = await page.context().newCDPSession(page);
  for (const text of ['x', 'xin', 'xinp', 'xinpian'])
    await cdp.send('Input.imeSetComposition', {
      text,
      selectionStart: text.length,
      selectionEnd: text.length,
    });
  await expect(editor).toHaveText('xinpian');
  await cdp.send('Input.insertText', { text: '芯片' });
  for (const text of ['s', 'she', 'sheji'])
    await cdp.send('Input.imeSetComposition', {
      text,
      selectionStart: text.length,
      selectionEnd: text.length,
    });
  await cdp.send('Input.insertText', { text: '设计' });
  await expect(editor).toHaveText('芯片设计');
  await page.keyboard.type('，从原理图开始。');
  await expect(editor).toHaveText('芯片设计，从原理图开始。');
  await drawer.getByRole('button', { name: '保存文章' }).click();
  await expect(page.getByText('文章已保存')).toBeVisible();
  const { id } = await articleId(page, title);
  const html = await (await page.request.get(`/article/${id}`)).text();
  expect(html).toContain('<p>芯片设计，从原理图开始。</p>');
  expect(html).not.toContain('xinpian');
});

test('an editor writes and edits articles in 文章管理', async ({ page }) => {
  await loginPage(page, '13800138004');
  await page.goto('/admin');
  await expect(page.getByTestId('admin-user')).toContainText('（编辑）');
  const title = `编辑部选题 ${Date.now()}`;
  const drawer = await newArticle(page, title);
  await drawer.getByRole('textbox', { name: '正文' }).click();
  await page.keyboard.type('初稿。');
  await drawer.getByRole('button', { name: '保存文章' }).click();
  await expect(page.getByText('文章已保存')).toBeVisible();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('已发布');
  await row.getByRole('button', { name: '编辑' }).click();
  const editor = page.locator('.ant-drawer').getByRole('textbox', { name: '正文' });
  await expect(editor).toHaveText('初稿。');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type('二稿。');
  await page.locator('.ant-drawer').getByRole('button', { name: '保存文章' }).click();
  // Saved: the drawer closes only when the server said yes.
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeHidden();
  const { id, state } = await articleId(page, title);
  expect(state).toBe('published');
  expect(await (await page.request.get(`/article/${id}`)).text()).toContain('<p>初稿。二稿。</p>');
});

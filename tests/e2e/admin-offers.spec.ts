/**
 * 优惠价 in the console (issue 27), in Chromium on the real build: the demo admin gives a
 * course a 新人首单价, the course's cached page shows it at once, the admin changes the
 * price and then deletes the offer, and the page follows each change; the audit log shows
 * the writes.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption, expectAudited } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('the admin gives a course a 新人首单价, edits it and deletes it', async ({
  page,
  browser,
}) => {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  const course = data.list.find((c) => c.title.startsWith('硬件工程师面试'))!;
  const reader = await browser.newPage();
  await reader.goto(`/course/${course.id}`);
  await expect(reader.locator('[data-first-order]')).toHaveCount(0);

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '优惠价' }).click();
  await page.getByRole('button', { name: '新建优惠价' }).click();
  const dialog = page.getByRole('dialog', { name: '新建优惠价' });
  await chooseOption(page, dialog.getByRole('combobox', { name: '课程' }), '硬件工程师面试');
  await dialog.getByRole('radio', { name: '新人首单价' }).check();
  // Not below the list price: refused in words, and the dialog keeps what was typed.
  await dialog.getByLabel('优惠价（元）').fill('49');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('优惠价须为 0.01 元以上、低于课程原价 ¥49.00')).toBeVisible();
  await dialog.getByLabel('优惠价（元）').fill('19.9');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('优惠价已保存')).toBeVisible();
  const row = page.locator('tr', { hasText: '硬件工程师面试' });
  await expect(row).toContainText('新人首单价');
  await expect(row).toContainText('¥19.90 / ¥49.00');
  await expect(row).toContainText('长期有效');
  await expect(row).toContainText('进行中');

  await reader.reload();
  await expect(reader.locator('[data-first-order]')).toHaveText(
    '新人首单价 ¥19.90 · 未在本站付费购买过的会员，首单可享',
  );

  await row.getByRole('button', { name: /^编辑“硬件工程师面试/ }).click();
  const edit = page.getByRole('dialog', { name: /编辑优惠价/ });
  await edit.getByLabel('优惠价（元）').fill('29.9');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('¥29.90 / ¥49.00');
  await reader.reload();
  await expect(reader.locator('[data-first-order]')).toContainText('新人首单价 ¥29.90');

  await row.getByRole('button', { name: '删除' }).click();
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/offer/delete') && r.request().method() === 'POST',
  );
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  expect(await (await deleted).json()).toMatchObject({ code: 200, message: '优惠价已删除' });
  await expect(row).toHaveCount(0);
  await reader.reload();
  await expect(reader.locator('[data-first-order]')).toHaveCount(0);
  await expect(reader.locator('.info .price').first()).toHaveText('¥49.00');

  await expectAudited(page, '/api/admin/offer/delete');
  await reader.close();
});

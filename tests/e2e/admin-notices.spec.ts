/**
 * 公告管理 (issue 12), in Chromium on the real build: the demo admin writes a
 * notice in the rich-text editor; members read it, formatted, on its page.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('the admin writes a notice in the editor; a member reads it on its page', async ({
  page,
  browser,
}) => {
  const title = `系统维护通知 ${Date.now()}`;
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '公告管理' }).click();
  await page.getByRole('button', { name: '新建公告' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('公告标题').fill(title);
  await drawer.getByRole('textbox', { name: '公告内容' }).click();
  await page.keyboard.type('本周六 ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('02:00–04:00');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' 暂停下载服务。');
  await drawer.getByRole('button', { name: '保存公告' }).click();
  await expect(page.getByText('公告已保存')).toBeVisible();
  const href = await page
    .locator('tr', { hasText: title })
    .getByRole('link', { name: title })
    .getAttribute('href');

  const member = await browser.newPage();
  await loginPage(member, '13800138002');
  await member.goto(href!);
  await expect(member.locator('main')).toContainText(title);
  await expect(member.locator('main strong', { hasText: '02:00–04:00' })).toBeVisible();
  await expect(member.locator('main')).toContainText('本周六 02:00–04:00 暂停下载服务。');
  await member.close();
});

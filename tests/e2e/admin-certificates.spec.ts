/**
 * 证书管理 in the console (issue 28), in Chromium: staff find a seeded certificate by its number
 * and revoke it; an empty reason is refused in the dialog; the public page then says 已撤销 with
 * the reason, and the revocation is in 操作日志.
 */
import { expect, test } from '@playwright/test';
import { expectAudited } from './console-support.ts';
import { ADMIN, call, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('staff revoke a certificate with a reason; its page says so', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN);
  const all = await call<{
    list: { number: string; courseTitle: string; revokedAt: string | null }[];
  }>(request, admin, 'get', '/api/admin/certificate/list', { size: '50' });
  // The demo's certificate of 全国大学生电子设计竞赛备赛指南 (no other test revokes it).
  const seeded = all.data.list.find((c) => c.courseTitle.startsWith('全国大学生电子设计竞赛'))!;
  expect(seeded.revokedAt).toBeNull();

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '证书管理' }).click();
  const search = page.getByLabel('按证书编号查找');
  await search.fill(seeded.number);
  await search.press('Enter');
  const row = page.locator('.ant-table-row', { hasText: seeded.number });
  await expect(row).toContainText('有效');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: `撤销证书 ${seeded.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `撤销证书 ${seeded.number}` });
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(dialog.getByText('请填写撤销原因（1到200个字）')).toBeVisible();
  await dialog.getByLabel('撤销原因').fill('获奖信息核实有误');
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByText('证书已撤销')).toBeVisible();
  await expect(row).toContainText('已撤销：获奖信息核实有误');
  await expect(row.getByRole('button', { name: `撤销证书 ${seeded.number}` })).toBeDisabled();

  const publicPage = await page.context().newPage();
  await publicPage.goto(`/cert/${seeded.number}`);
  await expect(publicPage.locator('[data-state]')).toHaveText('已撤销');
  await expect(publicPage.getByRole('alert')).toContainText('获奖信息核实有误');
  await publicPage.close();
  await expectAudited(page, '/api/admin/certificate/revoke');
});

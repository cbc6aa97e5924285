/**
 * 资源管理 (issue 12), in Chromium on the real build: the demo admin uploads
 * a PDF; it is listed, downloads as the same bytes, is edited (title and
 * course) and found by search under its new title; a file that is not
 * one of the allowed kinds is refused with the server's message.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('the admin uploads a PDF resource; it downloads as uploaded', async ({ page }) => {
  const title = `TL431 应用手册 ${Date.now()}`;
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '资源管理' }).click();
  await page.getByLabel('资源标题').fill(title);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'tl431.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: '上传资源' }).click();
  await expect(page.getByText('资源已上传')).toBeVisible();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('1 KB');

  const list = (await (await page.request.get('/api/admin/resource/list')).json()) as {
    data: { list: { id: number; title: string }[] };
  };
  const id = list.data.list.find((r) => r.title === title)!.id;
  const file = await page.request.get(`/download/${id}`);
  expect(file.status()).toBe(200);
  expect((await file.body()).equals(PDF)).toBe(true);

  // Edited: a new title and a course; search shows the new title on the next request.
  const renamed = `TL431 并联稳压应用 ${Date.now()}`;
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = page.locator('.ant-modal', { hasText: '编辑资源' });
  await modal.getByLabel('资源标题').fill(renamed);
  const course = await chooseOption(page, modal.getByLabel('所属课程'), 'Buck 变换器设计');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('资源已保存', { exact: true })).toBeVisible();
  // The dialog closes (and its form goes) before the upload form is used again.
  await expect(modal).toHaveCount(0);
  await expect(page.locator('tr', { hasText: renamed })).toContainText(course);
  const found = await page.request.get(
    `/searchlist?word=${encodeURIComponent(renamed)}&type=resource`,
  );
  expect(await found.text()).toContain(renamed);

  await page.getByLabel('资源标题').fill(`不是资料 ${Date.now()}`);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: '上传资源' }).click();
  await expect(page.locator('.ant-message-error')).toHaveText(
    '只能上传 PDF、ZIP、XLSX 或 DOCX 文件',
  );
});

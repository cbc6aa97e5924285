/**
 * Certificates (结业证书, issue 28) in Chromium, as a visitor: the demo member's certificate of the
 * LDO course opens without a login (name, course, date, issuer, QR code of the page, PDF), and
 * an unknown number is a 404 page. Completing a course and revoking a certificate are in
 * admin-certificates.spec.ts (the console's project: making a course changes every course list).
 */
import { expect, test } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { ADMIN, call, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('a certificate opens without a login: holder, course, date, issuer, QR code and PDF', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN);
  const list = await call<{
    list: { number: string; holderName: string; courseTitle: string }[];
  }>(request, admin, 'get', '/api/admin/certificate/list', { size: '50' });
  const seeded = list.data.list.find((c) => c.courseTitle.startsWith('线性稳压器'))!;
  const res = await page.goto(`/cert/${seeded.number}`);
  expect(res?.status()).toBe(200);
  const cert = page.locator(`[data-cert="${seeded.number}"]`);
  await expect(cert.getByRole('heading', { name: '结业证书' })).toBeVisible();
  await expect(cert.locator('[data-holder]')).toHaveText(seeded.holderName);
  await expect(cert).toContainText(seeded.courseTitle);
  await expect(cert).toContainText('芯学堂');
  await expect(cert.locator('[data-state]')).toHaveText('有效');
  await expect(cert.getByRole('img', { name: /本页地址的二维码/ }).locator('svg')).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  expectNoFindings(await axeFindings(page, `证书页 ${seeded.number}`));
  const pdf = await page.request.get(`/api/certificate/pdf?number=${seeded.number}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('an unknown certificate number is a 404 page, not an error', async ({ page }) => {
  const res = await page.goto('/cert/XXT-2026-0000000000');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '证书不存在' })).toBeVisible();
  const odd = await page.goto('/cert/not-a-number');
  expect(odd?.status()).toBe(404);
});

/**
 * 优惠券 in the console (issue 27), in Chromium on the real build: the demo admin makes a
 * 满减 coupon, issues it to a demo member by phone number, finds that member in its
 * 领取记录 and stops it; the member sees it in 我的优惠券; the audit log shows the writes.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, call, freshMember, loginPage } from './members-support.ts';
import { asOwnClient, ownClientHeaders } from './support.ts';
import { expectAudited } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('the admin creates a coupon, issues it to a member and stops it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const name = `回馈券${Date.now() % 100000}`;
  // A member of its own (a demo account may be behind the captcha after other tests' wrong
  // passwords), from an address of its own (per-address SMS limits).
  const memberRequest = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: ownClientHeaders(),
  });
  const holder = await freshMember(memberRequest);
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '优惠券' }).click();
  await page.getByRole('button', { name: '新建优惠券' }).click();
  const dialog = page.getByRole('dialog', { name: '新建优惠券' });
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('减免金额（元）').fill('15');
  await dialog.getByLabel('使用门槛：满（元）').fill('60');
  await dialog.getByLabel('发放总量').fill('20');
  await dialog.getByRole('radio', { name: '领取后若干天' }).check();
  await dialog.getByLabel('领取后有效天数').fill('10');
  await dialog.getByRole('combobox', { name: '状态' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.locator('.ant-select-dropdown:visible').getByText('发放中').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('优惠券已创建')).toBeVisible();
  const row = page.locator('tr', { hasText: name });
  await expect(row).toContainText('满 60 减 15');
  await expect(row).toContainText('0 / 20');
  await expect(row).toContainText('发放中');

  await row.getByRole('button', { name: `发放${name}` }).click();
  const issue = page.getByRole('dialog', { name: `发放“${name}”` });
  await issue.getByLabel('会员手机号（每行一个）').fill(`${holder.phone}\n13000000000`);
  await issue.getByRole('button', { name: '发放' }).click();
  await expect(issue.getByRole('status')).toContainText('已发放 1 张');
  await expect(issue.getByRole('status')).toContainText('13000000000：未找到该手机号的会员');
  await issue.getByRole('button', { name: '关闭' }).last().click();
  await expect(row).toContainText('1 / 20');

  await row.getByRole('button', { name: `${name}的领取记录` }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText(holder.phone);
  await expect(drawer).toContainText('后台发放');
  await expect(drawer).toContainText('可使用');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row.getByRole('button', { name: '停用' }).click();
  const stopped = page.waitForResponse((r) => r.url().includes('/api/admin/coupon/stop'));
  await page.getByRole('button', { name: '确定' }).click();
  expect(((await (await stopped).json()) as { message: string }).message).toBe('优惠券已停用');
  await expect(row).toContainText('已停用');

  const member = holder.token;
  const mine = await call<{ list: { name: string; label: string }[] }>(
    memberRequest,
    member,
    'get',
    '/api/coupon/mine',
  );
  expect(mine.data.list.find((c) => c.name === name)?.label).toBe('满 60 减 15');
  await expectAudited(page, '/api/admin/coupon/issue');
});

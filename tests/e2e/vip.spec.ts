/**
 * VIP membership in Chromium (issue 27), demo mode: a new member reads what VIP gives on
 * /vip, buys a 月卡 through the checkout and the local WeChat Pay platform's page, and then
 * finds the op-amp course (free for VIP) open, the VIP badge and its end date in the header
 * and 我的会员, the card in 支付记录, and no ads on the home page.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginFresh } from './members-support.ts';
import { asOwnClient, hydrated } from './support.ts';
import { axeFindings, expectNoFindings } from './a11y-support.ts';

// New members from an address of their own: the SMS limit per address is shared by every spec.
test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function courseId(page: Page, start: string): Promise<number> {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  return data.list.find((c) => c.title.startsWith(start))!.id;
}

test('a member buys a 月卡 and a VIP-free course opens', async ({ page, context }) => {
  await loginFresh(page);
  const opamp = await courseId(page, '运算放大器应用');

  // Before: the course is for sale, and its page says VIP study it free.
  await page.goto(`/course/${opamp}`);
  await expect(page.locator('[data-vip-note]')).toHaveText('会员免费学习本课程，开通会员');
  await expect(page.getByRole('link', { name: '立即购买 ¥99.00' })).toBeVisible();

  await page.goto('/vip');
  await expect(page.getByRole('heading', { name: '芯学堂会员', level: 1 })).toBeVisible();
  const perks = page.locator('.perks');
  await expect(perks).toContainText('2 门课程会员免费学');
  await expect(perks).toContainText('其他付费课程享会员价 8 折');
  await expect(perks).toContainText('每月可下载 10 份付费课程资料');
  await expect(page.locator('.plan[data-plan]')).toHaveCount(3);
  expectNoFindings(await axeFindings(page, '会员页'));
  await hydrated(page);
  const card = page.locator('.plan', { hasText: '月卡' });
  await expect(card).toContainText('¥30.00');
  await card.getByRole('button', { name: '开通会员' }).click();

  await expect(page).toHaveURL(/\/checkout\?orderNo=XXT\d+$/);
  await expect(page.getByRole('heading', { name: '芯学堂会员 · 月卡' })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText(/订单号 XXT\d+/)).toContainText('应付 ¥30.00');
  await page.getByRole('button', { name: '微信支付' }).click();
  await expect(page.getByRole('img', { name: '微信支付二维码' })).toBeVisible();
  const [platform] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: '打开本地演示支付平台' }).click(),
  ]);
  await expect(platform.getByText('￥30.00').first()).toBeVisible();
  await platform.getByRole('button', { name: /确认支付/ }).click();
  await expect(platform.getByText(/支付成功/).first()).toBeVisible();
  await platform.close();
  await expect(page.getByText('支付成功，会员已开通')).toBeVisible();

  // The VIP-free course: open, with every lesson playable.
  await page.goto(`/course/${opamp}`);
  await expect(page.getByRole('link', { name: '会员免费 · 开始学习' })).toBeVisible();
  await expect(page.locator('[data-course-buy="owned"]')).toContainText('会员免费学习本课程');

  // The header's badge and 我的会员 say until when.
  await expect(page.locator('[data-header-user] .vip-badge')).toHaveText('VIP');
  await page.goto('/usercenter/myvip');
  await expect(page.locator('.vip[data-vip="active"]')).toContainText(
    /会员有效期至 \d{4}-\d{2}-\d{2}/,
  );
  await expect(page.locator('[data-downloads]')).toHaveText('本月资料下载 已用 0 / 10 次');

  await page.goto('/payrecord');
  await expect(page.locator('li', { hasText: '月卡' })).toContainText('¥30.00');
  await page.goto('/usercenter/myorder');
  await expect(page.locator('li[data-order]', { hasText: '月卡' })).toContainText('已支付');

  // No ads for VIP: the home page's slots are hidden from the first paint.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-noads', '');
  await expect(page.locator('.ad-slot').first()).toBeHidden();
});

test('a visitor’s 开通会员 opens the login dialog (the island opens the store; the layout mounts it)', async ({
  page,
}) => {
  await page.goto('/vip');
  await hydrated(page);
  await page.getByRole('button', { name: '开通会员' }).first().click();
  const dialog = page.locator('dialog.login-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: '验证码登录/注册' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

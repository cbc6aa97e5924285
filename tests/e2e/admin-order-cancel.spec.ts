/**
 * 申请取消 of a paid kit (issue 27), in Chromium on the real build: a new
 * member buys the kit through the local WeChat Pay platform, asks to cancel it
 * in 我的订单 with a reason (申请取消中); the admin approves the request in the
 * console's order drawer, which refunds it through the platform; the member
 * reads 已退款 in 我的订单 and in 我的消息, and the approval is audited.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, loginFresh, loginPage } from './members-support.ts';
import { asOwnClient, hydrated } from './support.ts';
import { expectAudited } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

interface CourseRow {
  id: number;
  free: boolean;
  type: number;
  title: string;
  priceCents: number;
}

test('a kit cancellation request approved in the console reaches the member as 已退款', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(270_000);
  const phone = await loginFresh(page);
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: CourseRow[] } };
  const kit = data.list.find((c) => !c.free && c.type === 4)!;
  const price = `¥${(kit.priceCents / 100).toFixed(2)}`;
  await page.goto(`/checkout?courseId=${kit.id}`);
  await hydrated(page);
  for (const [label, value] of [
    ['收货人', '王芳'],
    ['手机号', '13912345678'],
    ['省份', '江苏省'],
    ['城市', '南京市'],
    ['区县', '玄武区'],
    ['详细地址', '珠江路 88 号 2 栋 702'],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(/我已阅读并同意上述购买条款/).check();
  await page.getByRole('button', { name: `提交订单 ${price}` }).click();
  await expect(page).toHaveURL(/\/checkout\?orderNo=XXT\d+$/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await page.getByRole('button', { name: '微信支付' }).click();
  const [platform] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: '打开本地演示支付平台' }).click(),
  ]);
  await platform.getByRole('button', { name: /确认支付/ }).click();
  await expect(platform.getByText(/支付成功/).first()).toBeVisible();
  await platform.close();
  await expect(page.getByText('支付成功，课程已开通，套件将尽快发货')).toBeVisible({
    timeout: 60_000,
  });

  // 我的订单: 申请取消 with a reason.
  await page.goto('/usercenter/myorder');
  const row = page.locator(`li[data-order="${orderNo}"]`);
  await expect(row).toContainText('待发货');
  await expect(page.getByRole('tab', { name: /^已支付 \d+$/ })).toBeVisible();
  await row.getByRole('button', { name: '申请取消' }).click();
  await row.getByRole('button', { name: '提交申请' }).click();
  await expect(row.getByRole('alert')).toHaveText('请填写取消原因');
  await row.getByLabel('取消原因').fill('地址填错了，重新下单');
  await row.getByRole('button', { name: '提交申请' }).click();
  await expect(row.locator('.tag')).toHaveText('申请取消中');
  await expect(row.getByRole('button', { name: '申请取消' })).toHaveCount(0);

  // The admin approves it in the console's order drawer.
  const adminContext = await browser.newContext();
  await asOwnClient(adminContext);
  const admin = await adminContext.newPage();
  await loginPage(admin, ADMIN);
  await admin.goto('/admin');
  await admin.getByRole('menuitem', { name: '订单管理' }).click();
  await admin.getByLabel('订单号或手机号').fill(orderNo);
  await admin.getByRole('button', { name: '搜索' }).click();
  const adminRow = admin.locator('tr', { hasText: orderNo });
  await expect(adminRow).toContainText('申请取消中');
  await adminRow.getByRole('button', { name: '详情' }).click();
  const drawer = admin.locator('.ant-drawer');
  const request = drawer.getByRole('region', { name: '取消申请' });
  await expect(request).toContainText('会员申请取消：地址填错了，重新下单');
  // No shipping while the request waits.
  await expect(drawer.getByRole('form', { name: '发货' })).toHaveCount(0);
  const approved = admin.waitForResponse((r) =>
    r.url().includes('/api/admin/order/cancel/approve'),
  );
  await request.getByRole('button', { name: '同意取消并退款' }).click();
  expect((await approved).ok()).toBe(true);
  await expect(drawer).toContainText('已退款');
  await expect(drawer.locator('.ant-timeline')).toContainText('同意取消申请');
  await expect(drawer.locator('.ant-timeline')).toContainText('退款成功');
  await expect(admin.locator('.ant-message')).toContainText('退款成功');
  // The approve button is gone with the request, so the drawer takes the focus for Escape.
  await drawer.focus();
  await admin.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expectAudited(admin, '/api/admin/order/cancel/approve');
  await adminContext.close();

  // The member reads 已退款 in 我的订单 and in 我的消息.
  await page.goto('/usercenter/myorder');
  await expect(page.locator(`li[data-order="${orderNo}"] .tag`)).toHaveText('已退款');
  await page.goto('/usercenter/mymsg');
  const notices = page.getByTestId('notice-list');
  await expect(notices).toContainText(`订单已退款：${kit.title}`);
  await expect(notices).toContainText(`订单取消申请已提交：${kit.title}`);
  expect(phone).toMatch(/^139\d{8}$/);
});

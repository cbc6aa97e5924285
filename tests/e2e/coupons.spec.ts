/**
 * Coupons in Chromium (issue 27), demo mode: a new member takes the demo 新人券 (满 99 减 20)
 * on a course page, buys the course with it through the local WeChat Pay platform's page,
 * pays the discounted amount, and finds it in 支付记录, 我的订单 and 我的优惠券 (已使用).
 */
import { expect, test } from '@playwright/test';
import { loginFresh } from './members-support.ts';
import { expectToast, hydrated, UI_RUNTIME } from './support.ts';

interface CourseRow {
  id: number;
  title: string;
  priceCents: number;
}

test('a member takes a coupon on the course page and pays the discounted price', async ({
  page,
  context,
}) => {
  await loginFresh(page);
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: CourseRow[] } };
  const course = data.list.find((c) => c.title.startsWith('运算放大器应用'))!;
  expect(course.priceCents).toBe(9900);

  await page.goto(`/course/${course.id}`);
  const strip = page.getByRole('list', { name: '可领取的优惠券' });
  const take = strip.getByRole('button', { name: '领取新人券（满 99 减 20）' });
  await expect(take).toBeVisible();
  await take.click();
  await expectToast(page, '领取成功');
  await expect(strip.locator('li', { hasText: '新人券' })).toContainText('已领取');

  await page.getByRole('link', { name: '立即购买 ¥99.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?courseId=${course.id}$`));
  await hydrated(page);
  const choice = page.getByRole('group', { name: '优惠券' });
  await expect(choice.getByRole('radio', { name: /满 99 减 20 新人券/ })).toBeChecked();
  await expect(choice).toContainText('原价 ¥99.00 · 优惠 -¥20.00 · 应付 ¥79.00');
  // Without the coupon the price is the list price again.
  await choice.getByRole('radio', { name: '不使用优惠券' }).check();
  await expect(page.getByRole('button', { name: '提交订单 ¥99.00' })).toBeVisible();
  await choice.getByRole('radio', { name: /满 99 减 20 新人券/ }).check();
  await page.getByLabel(/我已阅读并同意上述购买条款/).check();
  await page.getByRole('button', { name: '提交订单 ¥79.00' }).click();
  await expect(page.getByText(/订单号 XXT\d+/)).toContainText('应付 ¥79.00（优惠券已减 ¥20.00）');

  await page.getByRole('button', { name: '微信支付' }).click();
  await expect(page.getByRole('img', { name: '微信支付二维码' })).toBeVisible();
  const [platform] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: '打开本地演示支付平台' }).click(),
  ]);
  await expect(platform.getByText('￥79.00').first()).toBeVisible();
  await platform.getByRole('button', { name: /确认支付/ }).click();
  await expect(platform.getByText(/支付成功/).first()).toBeVisible();
  await platform.close();
  await expect(page.getByText('支付成功，课程已开通')).toBeVisible({ timeout: 60_000 });

  await page.goto('/payrecord');
  await expect(page.getByText('累计支付 ¥79.00')).toBeVisible();
  await expect(page.locator('li', { hasText: course.title })).toContainText('¥79.00');
  await page.goto('/usercenter/myorder');
  const row = page.locator('li[data-order]', { hasText: course.title });
  await expect(row).toContainText('已支付');
  await expect(row.locator('[data-amount]')).toHaveText('¥79.00');
  await expect(row.locator('[data-discount]')).toHaveText('（原价 ¥99.00，优惠券减 ¥20.00）');
  await page.goto('/usercenter/mycoupon');
  // The tabs answer once the island has hydrated and shown its first list.
  await expect(page.locator('.my-coupons[data-ready]')).toBeVisible();
  await page.getByRole('tab', { name: /已使用/ }).click();
  await expect(page.getByRole('tabpanel').locator('li', { hasText: '新人券' })).toContainText(
    '用于订单 XXT',
  );
});

test('a visitor sees the course’s coupons, and 领取 asks them to log in with a code', async ({
  page,
}) => {
  // On a phone, where the strip is on the first screen: it is a page script, no UI runtime.
  await page.setViewportSize({ width: 412, height: 823 });
  const runtime: string[] = [];
  page.on('request', (r) => void (UI_RUNTIME.test(r.url()) && runtime.push(r.url())));
  await page.goto('/course/1', { waitUntil: 'networkidle' });
  const strip = page.getByRole('list', { name: '可领取的优惠券' });
  await expect(strip.locator('li', { hasText: '新人券' })).toContainText('满 99 减 20');
  expect(runtime).toEqual([]);
  await strip.getByRole('button', { name: '领取新人券（满 99 减 20）' }).click();
  const dialog = page.locator('dialog.login-dialog');
  await expect(dialog).toBeVisible();
  // The dialog is an island: the runtime comes with it, and only then.
  expect(runtime.length).toBeGreaterThan(0);
  await expect(dialog.getByRole('tab', { name: '验证码登录/注册' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

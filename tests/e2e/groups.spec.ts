/**
 * 拼团 in Chromium (issue 27), demo mode: on the Buck course (¥99 for a group of 3), a new
 * member opens a group, pays ¥99.00 through the local WeChat Pay page and is told the course
 * opens when the group fills; a friend opens the share link in another browser, sees 1 of 3
 * paid and joins at the group price; the course stays shut for both until the group is full.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loginFresh } from './members-support.ts';
import { asOwnClient, hydrated } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function payOnPlatform(page: Page, context: BrowserContext, amount: string) {
  await hydrated(page);
  await expect(page.getByText(/订单号 XXT\d+/)).toContainText(`应付 ${amount}（拼团价）`);
  await page.getByRole('button', { name: '微信支付' }).click();
  const [platform] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: '打开本地演示支付平台' }).click(),
  ]);
  await platform.getByRole('button', { name: /确认支付/ }).click();
  await expect(platform.getByText(/支付成功/).first()).toBeVisible();
  await platform.close();
}

test('a member opens a group, pays, and a friend joins through the share link', async ({
  page,
  context,
  browser,
}) => {
  await loginFresh(page);
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  const buck = data.list.find((c) => c.title.startsWith('Buck'))!.id;

  await page.goto(`/course/${buck}`);
  const box = page.locator('[data-group-offer]');
  await expect(box).toContainText('拼团价 ¥99.00 · 3 人成团');
  await expect(box.locator('astro-island:not([ssr])')).toHaveCount(1);
  await box.getByRole('button', { name: '发起拼团' }).click();
  await expect(page).toHaveURL(/\/checkout\?orderNo=XXT\d+$/);
  await payOnPlatform(page, context, '¥99.00');
  await expect(page.getByText('支付成功，等待成团：人满后课程为全团同时开通')).toBeVisible();
  await page.getByRole('link', { name: '邀请好友参团' }).click();
  await expect(page).toHaveURL(/\/group\/[2-9A-Z]{8}$/);
  const group = page.locator('[data-group]');
  await expect(group.locator('[data-seats]')).toContainText(
    '已有 1 人参团，1 人已支付，还差 2 人成团',
  );
  const share = await page.getByLabel('分享链接，邀请好友参团').inputValue();
  // Paid but not yet a full group: the course stays shut.
  await page.goto(`/course/${buck}`);
  await expect(page.getByRole('link', { name: '立即购买 ¥149.00' })).toBeVisible();

  // A friend, in a browser of their own, opens the link and joins at the group price.
  const friendContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await asOwnClient(friendContext);
  const friend = await friendContext.newPage();
  try {
    await loginFresh(friend);
    await friend.goto(new URL(share).pathname);
    await expect(friend.locator('[data-seats]')).toContainText('1 人已支付');
    await hydrated(friend);
    await friend.getByRole('button', { name: '参加拼团 ¥99.00' }).click();
    await expect(friend).toHaveURL(/\/checkout\?orderNo=XXT\d+$/);
    await payOnPlatform(friend, friendContext, '¥99.00');
    await expect(friend.getByText('支付成功，等待成团：人满后课程为全团同时开通')).toBeVisible();
    await friend.goto(new URL(share).pathname);
    await expect(friend.locator('[data-seats]')).toContainText(
      '已有 2 人参团，2 人已支付，还差 1 人成团',
    );
    // Joining twice is refused in words.
    await hydrated(friend);
    await friend.getByRole('button', { name: '参加拼团 ¥99.00' }).click();
    await expect(friend.locator('.group-buy [role=alert]')).toHaveText(
      '你已参加该团，可在「我的订单」查看',
    );
  } finally {
    await friendContext.close();
  }
});

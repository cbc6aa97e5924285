/**
 * 数据概览 (issue 12), in Chromium on the real build: the admin's dashboard
 * draws its four charts (ECharts, loaded with the section and only then)
 * and shows the totals, the ad slots and the days as tables; an editor's
 * console never loads the chart code.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('the admin’s dashboard draws its charts and shows the figures as tables', async ({ page }) => {
  await loginPage(page, ADMIN); // visits a public page: at least one page view today
  const charts: string[] = [];
  page.on('request', (r) => {
    if (/\/_astro\/console\/DashboardCharts\.[^/]+\.js$/.test(r.url())) charts.push(r.url());
  });
  await page.goto('/admin');
  for (const name of ['浏览量', '订单与收入', '广告展示（按广告位）', '学习与直播'])
    await expect(page.getByRole('img', { name }).locator('canvas')).toBeVisible();
  expect(charts).toHaveLength(1);
  const views = page.locator('.ant-statistic', { hasText: '近14天浏览量' });
  await expect(views.locator('.ant-statistic-content-value')).not.toHaveText('0');
  await expect(page.locator('table caption', { hasText: '广告位（近14天）' })).toBeVisible();
  await expect(page.locator('th', { hasText: '课程完成' })).toBeVisible();
  // The sales of the range (issue 27): by product type, coupon use, offer prices and VIP.
  const sales = page.locator('table', {
    has: page.locator('caption', { hasText: '销售构成（近14天）' }),
  });
  await expect(sales.locator('tbody tr')).toHaveText([/^视频课程/, /^实物套件/, /^会员卡/]);
  const vip = page.locator('.ant-card', { hasText: '会员（近14天）' });
  for (const figure of ['会员总数', '7 天内到期', '新开通'])
    await expect(vip).toContainText(figure);
  await expect(page.locator('.ant-card', { hasText: '优惠券（近14天）' })).toContainText(
    '用券订单',
  );
  await expect(page.locator('table caption', { hasText: '优惠价成交（近14天）' })).toBeVisible();
});

test('an editor’s console loads no chart code', async ({ page }) => {
  await loginPage(page, '13800138004');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/admin');
  await expect(page.getByRole('menuitem', { name: '文章管理' })).toBeVisible();
  await page.getByRole('menuitem', { name: '课程管理' }).click();
  await expect(page.getByRole('button', { name: '新建课程' })).toBeVisible();
  expect(scripts.some((s) => s.includes('DashboardCharts'))).toBe(false);
  expect(scripts.some((s) => s.startsWith('/_astro/console/app.'))).toBe(true);
});

test('the admin sees the job queue and schedules a search rebuild from it', async ({ page }) => {
  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '后台任务' }).click();
  // The demo's live reminders are waiting in the queue.
  await expect(page.locator('.ant-table-row', { hasText: '直播提醒' }).first()).toBeVisible();
  await page.getByRole('button', { name: '重建搜索索引' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已安排重建搜索索引', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: '重建搜索索引' }).first()).toBeVisible();
});

/**
 * 学习路线 (issue 28) in Chromium on the real build: a member opens /paths, opens the power
 * path, joins, sets a weekly plan, sees each step's state (a tool step marked done by them), and
 * finds the path with its progress and plan in the user centre. The path page's HTML carries
 * nothing of any member: the state arrives through the island.
 */
import { expect, test } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { loginFresh } from './members-support.ts';

test('a member joins the power path, sets a plan, sees step states and the path in the user centre', async ({
  page,
}) => {
  await loginFresh(page);
  await page.goto('/paths');
  await expect(page.getByRole('heading', { level: 1, name: '学习路线' })).toBeVisible();
  expectNoFindings(await axeFindings(page, '学习路线列表'));
  await page.getByRole('link', { name: '电源设计入门 → 进阶' }).click();
  await expect(page).toHaveURL(/\/path\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '电源设计入门 → 进阶' })).toBeVisible();
  const steps = page.getByRole('list', { name: '路线步骤' }).getByRole('listitem');
  await expect(steps).toHaveCount(10);
  await expect(steps.first()).toContainText('文章');

  // The cached HTML holds no member state, though this request carries the member's cookie.
  const html = await (await page.request.get(page.url())).text();
  expect(html).not.toContain('完成 0/10');
  expect(html).not.toContain('data-state=');

  await page.getByRole('button', { name: '加入学习路线' }).click();
  await expect(page.getByText('已加入学习路线')).toBeVisible();
  const panel = page.getByRole('region', { name: '我的路线进度' });
  await expect(panel.locator('[data-share]')).toHaveText('完成 0/10（0%）');
  await expect(steps.first().locator('[data-state]')).toHaveText('未开始');

  // The plan: 周二, 周四 and 周六, 5 steps a week.
  const plan = page.getByRole('form', { name: '每周学习计划' });
  await plan.getByRole('checkbox', { name: '周一' }).uncheck();
  await plan.getByRole('checkbox', { name: '周三' }).uncheck();
  await plan.getByRole('checkbox', { name: '周五' }).uncheck();
  for (const d of ['周二', '周四', '周六']) await plan.getByRole('checkbox', { name: d }).check();
  await plan.getByRole('spinbutton', { name: '每周步数' }).fill('25');
  await plan.getByRole('button', { name: '保存计划' }).click();
  await expect(page.getByText('每周步数须为1到20之间的整数')).toBeVisible();
  await plan.getByRole('spinbutton', { name: '每周步数' }).fill('5');
  await plan.getByRole('button', { name: '保存计划' }).click();
  await expect(page.getByText('学习计划已保存')).toBeVisible();
  await expect(panel.locator('[data-week]')).toHaveText('本周目标 5 步，已完成 0 步');

  // The tool step (no record of use) is marked by the member.
  await page.getByRole('button', { name: '标记完成：LDO 功耗计算' }).click();
  await expect(page.getByText('已标记为完成')).toBeVisible();
  const tool = steps.filter({ hasText: 'LDO 功耗计算' });
  await expect(tool.locator('[data-state]')).toHaveText('已完成');
  await expect(panel.locator('[data-share]')).toHaveText('完成 1/10（10%）');
  await expect(panel.locator('[data-week]')).toHaveText('本周目标 5 步，已完成 1 步');

  expectNoFindings(await axeFindings(page, '学习路线页（已加入）'));

  // After a reload the state comes back from the server.
  await page.reload();
  await expect(tool.locator('[data-state]')).toHaveText('已完成');

  await page.goto('/usercenter/mypath');
  const item = page.locator('[data-path]').filter({ hasText: '电源设计入门 → 进阶' });
  await expect(item.locator('[data-share]')).toHaveText('完成 1/10（10%）');
  await expect(item.locator('[data-week]')).toHaveText(
    '本周目标 5 步，已完成 1 步；学习日：周二、周四、周六',
  );
  expectNoFindings(await axeFindings(page, '用户中心 学习路线'));
  await item.getByRole('link', { name: '电源设计入门 → 进阶' }).click();
  await expect(page).toHaveURL(/\/path\/\d+$/);
});

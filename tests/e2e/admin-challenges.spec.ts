/**
 * 作品审核 (issue 28) in the console, in Chromium: a new member joins the demo challenge and
 * submits two write-ups' worth (two members); a moderator refuses one in the console (an empty
 * reason refused in the dialog), accepts the other (confirmed), and the accepted one shows
 * 已通过 with its code under 已通过; the member's state says so; both calls are audited.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, call, freshMember, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient, ownClientHeaders } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

const MODERATOR = '13800138005';

test('a moderator accepts one write-up and refuses another in 作品审核', async ({
  page,
  playwright,
  baseURL,
}) => {
  const list = await (await page.request.get('/api/challenge/list')).json();
  const challengeId = String((list as { data: { list: { id: number }[] } }).data.list[0]!.id);
  const works: { title: string; token: string }[] = [];
  for (const n of [1, 2]) {
    const ctx = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: ownClientHeaders(),
    });
    const m = await freshMember(ctx);
    const title = `审核测试作品 ${n} ${m.phone}`;
    await call(ctx, m.token, 'post', '/api/challenge/join', { challengeId });
    const sent = await call(ctx, m.token, 'post', '/api/challenge/submit', {
      challengeId,
      title,
      body: '完成了全部四个任务，附上示波器截图和源码，欢迎指正。',
      videoUrl: 'https://www.bilibili.com/video/BV1Ts4y1B7Xw',
      codeUrl: 'https://gitee.com/example/follow-me',
    });
    expect(sent.message).toBe('作品已提交，请等待审核');
    works.push({ title, token: m.token });
    await ctx.dispose();
  }
  const [accept, refuse] = works as [(typeof works)[0], (typeof works)[0]];

  await loginPage(page, MODERATOR);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '作品审核' }).click();
  const refuseRow = page.locator('.ant-table-row', { hasText: refuse.title });
  await refuseRow.getByRole('button', { name: '不通过' }).click();
  const dialog = page.getByRole('dialog', { name: `不通过：${refuse.title}` });
  await expect(dialog.getByLabel('未通过原因（会员可见）')).toBeEditable();
  await dialog.getByRole('button', { name: '不通过' }).click();
  await expect(dialog.getByText('请填写未通过的原因（1到200个字）')).toBeVisible();
  await dialog.getByLabel('未通过原因（会员可见）').fill('缺少任务四的 CAN 波形截图');
  await dialog.getByRole('button', { name: '不通过' }).click();
  await expect(page.getByText('已标记为未通过')).toBeVisible();
  await expect(refuseRow).toHaveCount(0);

  const row = page.locator('.ant-table-row', { hasText: accept.title });
  await row.getByRole('button', { name: '通过', exact: true }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已通过，奖励已发放')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.locator('.ant-radio-button-wrapper', { hasText: '已通过' }).click();
  await expect(row).toContainText(
    /已通过（兑换码 [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}）/,
  );
  await page.locator('.ant-radio-button-wrapper', { hasText: '未通过' }).click();
  await expect(refuseRow).toContainText('未通过：缺少任务四的 CAN 波形截图');

  // What the members see, and the audit log.
  const req = page.request;
  const accepted = await call<{ submission: { state: string } }>(
    req,
    accept.token,
    'get',
    '/api/challenge/state',
    { challengeId },
  );
  expect(accepted.data.submission.state).toBe('accepted');
  const refused = await call<{ submission: { state: string; reason: string } }>(
    req,
    refuse.token,
    'get',
    '/api/challenge/state',
    { challengeId },
  );
  expect(refused.data.submission).toEqual(
    expect.objectContaining({ state: 'refused', reason: '缺少任务四的 CAN 波形截图' }),
  );
  const admin = await tokenFor(req, ADMIN);
  for (const action of ['/api/admin/challenge/approve', '/api/admin/challenge/refuse']) {
    const log = await call<{ list: { action: string; userName?: string }[] }>(
      req,
      admin,
      'get',
      '/api/admin/audit',
      { action },
    );
    expect(log.data.list[0]!.action).toContain(action);
  }
});

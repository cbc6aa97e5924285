/**
 * 作品审核 (issue 28) in the console, in Chromium, as one flow: a new member joins the demo
 * challenge and submits a write-up on its page in their own browser; another member's write-up
 * comes through the API. A moderator refuses that one in the console (an empty reason refused in
 * the dialog) and accepts the first (confirmed), which shows 已通过 with its code; the member's
 * page then says 已通过 and 我的消息 holds the same code; the refused member's state says why;
 * both calls are audited.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, call, freshMember, loginFresh, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient, ownClientHeaders } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

const MODERATOR = '13800138005';

test('a member joins and submits in the browser, a moderator accepts in 作品审核 and refuses another, and the member finds the code in 我的消息', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const list = await (await page.request.get('/api/challenge/list')).json();
  const challengeId = String((list as { data: { list: { id: number }[] } }).data.list[0]!.id);

  // The member who is accepted joins and submits on the challenge's page, in a browser of theirs.
  const memberContext = await browser.newContext();
  await asOwnClient(memberContext);
  const mine = await memberContext.newPage();
  const phone = await loginFresh(mine);
  const accept = { title: `审核测试作品 1 ${phone}` };
  await mine.goto(`/challenge/${challengeId}`);
  const panel = mine.getByRole('region', { name: '报名与提交' });
  await panel.getByRole('button', { name: '报名参加' }).click();
  await expect(panel.locator('[data-joined]')).toHaveText('已报名');
  const form = panel.getByRole('form', { name: '提交作品' });
  await form.getByLabel('作品标题').fill(accept.title);
  await form
    .getByLabel('作品正文（空一行分段）')
    .fill('完成了全部四个任务，附上示波器截图和源码，欢迎指正。');
  await form.getByLabel('视频链接').fill('https://www.bilibili.com/video/BV1Ts4y1B7Xw');
  await form.getByLabel('代码链接').fill('https://gitee.com/example/follow-me');
  await form.getByRole('button', { name: '提交作品' }).click();
  await expect(mine.getByText('作品已提交，请等待审核')).toBeVisible();
  await expect(panel.locator('[data-state]')).toHaveText('待审核');

  // Another member's write-up, sent through the API, is the one refused.
  const ctx = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: ownClientHeaders(),
  });
  const other = await freshMember(ctx);
  const refuse = { title: `审核测试作品 2 ${other.phone}`, token: other.token };
  await call(ctx, other.token, 'post', '/api/challenge/join', { challengeId });
  const sent = await call(ctx, other.token, 'post', '/api/challenge/submit', {
    challengeId,
    title: refuse.title,
    body: '完成了前三个任务，第四个任务的 CAN 通信还在调试。',
    videoUrl: 'https://www.bilibili.com/video/BV1Ts4y1B7Xw',
    codeUrl: 'https://gitee.com/example/follow-me',
  });
  expect(sent.message).toBe('作品已提交，请等待审核');
  await ctx.dispose();

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
  const code = /兑换码 ([0-9A-Z-]{19})/.exec(await row.innerText())![1]!;
  await page.locator('.ant-radio-button-wrapper', { hasText: '未通过' }).click();
  await expect(refuseRow).toContainText('未通过：缺少任务四的 CAN 波形截图');

  // The accepted member: 已通过 on the challenge's page, the code in 我的消息.
  await mine.reload();
  await expect(panel.locator('[data-state]')).toHaveText('已通过');
  await mine.goto('/usercenter/mymsg');
  await mine
    .getByTestId('notice-list')
    .getByRole('link', { name: `恭喜！你的作品《${accept.title}》已通过审核` })
    .click();
  await expect(mine.getByText(`奖励兑换码：${code}`)).toBeVisible();
  await memberContext.close();

  // The refused member's state, and the audit log.
  const req = page.request;
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

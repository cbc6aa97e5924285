/**
 * 项目挑战 (issue 28) in Chromium on the real build: a new member opens /challenges and the
 * running Follow me challenge (kit, kickoff, four tasks, the reward's rules, the seeded gallery),
 * joins it, is refused a write-up with a bad video link, submits one; staff accept it through
 * the review API; the member finds the reward code in 我的消息 and the badge in 我的挑战; a
 * visitor in another browser sees the accepted work in the gallery, and from the author's name
 * their public page with the badge and the work (not their phone). The challenge page's HTML
 * carries nothing of any member: their state arrives through the island.
 */
import { expect, test } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { ADMIN, call, islandReady, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('a member joins, submits, is accepted, and finds the code in 我的消息 and the badge; a visitor sees the work', async ({
  page,
  browser,
  request,
}) => {
  const phone = await loginFresh(page);
  const title = `Follow me 作品 ${phone}`;
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { level: 1, name: '项目挑战' })).toBeVisible();
  expectNoFindings(await axeFindings(page, '项目挑战列表'));
  await page
    .getByRole('region', { name: '进行中' })
    .getByRole('link', { name: 'Follow me 第 1 期：STM32F103 开发板套件任务挑战' })
    .click();
  await expect(page).toHaveURL(/\/challenge\/\d+$/);
  await expect(page.getByRole('link', { name: '购买套件' })).toHaveAttribute(
    'href',
    /^\/course\/\d+$/,
  );
  await expect(page.getByRole('region', { name: '开营直播' })).toContainText('国产 32 位 MCU');
  await expect(page.getByRole('list', { name: '挑战任务' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: '奖励规则' })).toContainText(
    '获得徽章“Follow me 第 1 期完成者”',
  );
  const gallery = page.getByRole('list', { name: '作品展示' });
  await expect(gallery.getByRole('listitem')).toHaveCount(2);

  // The cached HTML holds no member state, though this request carries the member's cookie.
  const html = await (await page.request.get(page.url())).text();
  expect(html).not.toContain('已报名');
  expect(html).not.toContain('距提交截止');

  const panel = page.getByRole('region', { name: '报名与提交' });
  await expect(panel.locator('[data-countdown]')).toContainText(/距提交截止还有 \d+ 天/);
  await panel.getByRole('button', { name: '报名参加' }).click();
  await expect(page.getByText('报名成功')).toBeVisible();
  await expect(panel.locator('[data-joined]')).toHaveText('已报名');

  const form = panel.getByRole('form', { name: '提交作品' });
  await form.getByLabel('作品标题').fill(title);
  await form
    .getByLabel('作品正文（空一行分段）')
    .fill('四个任务全部完成：点灯、OLED 温湿度、PWM 调光和 CAN 互发。\n\n波形和源码见下方链接。');
  await form.getByLabel('视频链接').fill('bilibili.com/video/BV1');
  await form.getByLabel('代码链接').fill('https://github.com/example/follow-me');
  await form.getByRole('button', { name: '提交作品' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    '请填写正确的视频链接（以 http:// 或 https:// 开头）',
  );
  await form.getByLabel('视频链接').fill('https://www.bilibili.com/video/BV1xx411c7mD');
  await form.getByRole('button', { name: '提交作品' }).click();
  await expect(page.getByText('作品已提交，请等待审核')).toBeVisible();
  await expect(panel.locator('[data-state]')).toHaveText('待审核');
  expectNoFindings(await axeFindings(page, '项目挑战页（已提交）'));

  // Staff accept it through the review API.
  const admin = await tokenFor(request, ADMIN);
  const pending = await call<{ list: { id: number; title: string }[] }>(
    request,
    admin,
    'get',
    '/api/admin/challenge/submissions',
    { state: 'pending', size: '50' },
  );
  const mine = pending.data.list.find((s) => s.title === title)!;
  const approved = await call<{ code: string }>(
    request,
    admin,
    'post',
    '/api/admin/challenge/approve',
    {
      id: String(mine.id),
    },
  );
  expect(approved.message).toBe('已通过，奖励已发放');

  await page.reload();
  await islandReady(panel.locator('[data-countdown]'));
  await expect(panel.locator('[data-state]')).toHaveText('已通过');
  await expect(panel.getByRole('form', { name: '提交作品' })).toHaveCount(0);

  await page.goto('/usercenter/mymsg');
  const notices = page.getByTestId('notice-list');
  await notices.getByRole('link', { name: `恭喜！你的作品《${title}》已通过审核` }).click();
  await expect(page.getByText(`奖励兑换码：${approved.data.code}`)).toBeVisible();
  await expect(page.getByText('获得徽章“Follow me 第 1 期完成者”')).toBeVisible();

  await page.goto('/usercenter/mychallenge');
  const badges = page.getByRole('region', { name: '我的徽章' });
  await expect(badges).toContainText('Follow me 第 1 期完成者');
  const joined = page.getByRole('region', { name: '我的挑战' }).locator('[data-challenge]');
  await expect(joined.locator('[data-state]')).toHaveText(`作品《${title}》：已通过`);
  expectNoFindings(await axeFindings(page, '用户中心 我的挑战'));

  // A visitor (no login) sees the accepted work in the gallery.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(page.url().replace('/usercenter/mychallenge', '/challenges'));
  await other
    .getByRole('link', { name: 'Follow me 第 1 期：STM32F103 开发板套件任务挑战' })
    .first()
    .click();
  const work = other
    .getByRole('list', { name: '作品展示' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(work).toContainText('波形和源码见下方链接。');
  await expect(work.getByRole('link', { name: '作品视频' })).toHaveAttribute(
    'href',
    'https://www.bilibili.com/video/BV1xx411c7mD',
  );
  await expect(other.getByRole('button', { name: '登录后报名' })).toBeVisible();

  // The author's name leads to their public page: the badge and the work, not the phone.
  await work.getByRole('link', { name: `用户${phone.slice(-4)}` }).click();
  await expect(other).toHaveURL(/\/member\/\d+$/);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`用户${phone.slice(-4)}`);
  await expect(other.getByRole('list', { name: '徽章' })).toContainText('Follow me 第 1 期完成者');
  await other.getByRole('list', { name: '项目作品' }).getByRole('link', { name: title }).click();
  await expect(other).toHaveURL(/\/challenge\/\d+#work-\d+$/);
  await other.goBack();
  // (The work's title holds the phone, as this test named it; the member's card does not.)
  await expect(other.locator('[data-member]')).toContainText('IP 属地');
  expect(await other.locator('[data-member]').innerText()).not.toContain(phone.slice(0, 7));
  expectNoFindings(await axeFindings(other, '会员个人主页'));
  await visitor.close();
});

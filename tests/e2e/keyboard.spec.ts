/**
 * Issue 29, keyboard only: a member logs in (a wrong password first), opens the user centre,
 * saves their profile and logs out without touching the mouse; after each step the test says
 * where focus is. Also the pop-up notice: it takes focus, Escape closes it, focus goes back.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, call, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient, DEMO_PASSWORD, hydrated } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('login → user centre → settings → logout, by keyboard alone', async ({ page }) => {
  test.setTimeout(300_000);
  // A member of this test's own, given a password (as 安全设置 does), then logged out.
  const phone = await loginFresh(page);
  const set = await page.request.post('/api/user/changePassword', {
    form: { password: DEMO_PASSWORD },
  });
  expect(((await set.json()) as { code: number }).code).toBe(200);
  await page.request.post('/api/user/logout');
  await page.evaluate(() => localStorage.clear());

  await page.goto('/');
  await hydrated(page);
  // The skip link is the first stop and is visible when focused.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到正文' });
  await expect(skip).toBeFocused();
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);

  const loginLink = page.locator('header [data-login]');
  await tabTo(page, loginLink);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '登录/注册' });
  await expect(dialog).toBeVisible();
  // The dialog holds focus from the start.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  const mobile = dialog.getByRole('textbox', { name: '手机号' });
  await tabTo(page, mobile);
  await page.keyboard.type(phone);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('密码', { exact: true })).toBeFocused();
  await page.keyboard.type('Wrong@2026');
  await page.keyboard.press('Enter');
  // The refusal is inside the open dialog, announced at once; focus stays in the form.
  await expect(dialog.getByRole('alert').filter({ hasText: '手机号或密码错误' })).toBeVisible();
  await expect(dialog.getByLabel('密码', { exact: true })).toBeFocused();

  await page.keyboard.press('Control+a');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const menu = page.locator('[data-header-user] summary');
  await expect(menu).toBeVisible();
  await hydrated(page);

  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const centre = page.locator('[data-header-user]').getByRole('link', { name: '个人中心' });
  await page.keyboard.press('Tab');
  await expect(centre).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/usercenter$/);
  await expect(page.locator('main h1')).toHaveText('我的订阅');

  const setting = page.getByRole('navigation', { name: '个人中心' }).getByRole('link', {
    name: '个人设置',
  });
  await tabTo(page, setting);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/usercenter\/mysetting$/);
  await hydrated(page);
  const name = page.getByRole('textbox', { name: '昵称' });
  await tabTo(page, name);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('键盘用户');
  const save = page.getByRole('button', { name: '保存', exact: true });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.locator('#toast-host .toast', { hasText: '保存成功' })).toBeVisible();
  // After saving, focus is still on 保存, not dropped to the page.
  await expect(save).toBeFocused();

  await tabTo(page, menu, true);
  await page.keyboard.press('Enter');
  const quit = page.locator('[data-header-user]').getByRole('button', { name: '退出' });
  await tabTo(page, quit);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.locator('header [data-login]')).toBeVisible();
});

test('the pop-up notice takes focus, closes on Escape and gives focus back', async ({
  page,
  request,
}) => {
  const taken = page.waitForResponse((r) => r.url().includes('/api/notice/qryUserNotice'));
  await loginFresh(page);
  await taken;
  const token = await tokenFor(request, ADMIN);
  const cats = (await (await page.request.get('/api/notice/category')).json()) as {
    data: { list: { id: number }[] };
  };
  const title = `键盘公告 ${Date.now()}`;
  const created = await call(request, token, 'post', '/api/admin/notice/create', {
    categoryId: String(cats.data.list[0]!.id),
    title,
    content: '<p>按 Esc 关闭</p>',
    popup: '1',
  });
  expect(created.code).toBe(200);
  await page.goto('/articlelist');
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toBeVisible();
  await expect(popup).toBeFocused();
  // Tab stays inside: the only control is 我知道了.
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: '我知道了' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: '我知道了' })).toBeFocused();
  const seen = page.waitForResponse((r) => r.url().includes('/api/notice/popup/seen'));
  await page.keyboard.press('Escape');
  await seen;
  await expect(popup).toHaveCount(0);
  // Nothing had focus before it opened: focus goes to the main content, not the page top.
  await expect(page.locator('#main')).toBeFocused();
});

/**
 * The rest of the accounts issue in Chromium: WeChat QR login through the
 * development provider (bind a phone, then log straight in), changing the
 * password on /safesetting, editing the profile, and the demo-mode banner.
 */
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  asOwnClient,
  dismissNoticePopups,
  expectToast,
  freshPhone,
  hydrated,
  nextCaptchaAnswer,
  registerByCode,
  smsCode,
} from './support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

test('WeChat login: the first time binds a phone, the next time logs straight in', async ({
  page,
  context,
}) => {
  await page.goto('/articles');
  await page.locator('[data-login]').first().click();
  await page.getByRole('button', { name: '微信扫码登录' }).click();
  const answer = nextCaptchaAnswer(page);
  await page.getByRole('link', { name: '打开微信扫码登录' }).click();
  await page.waitForURL(/\/wxredirect\?/);
  await expect(page.locator('main')).toContainText('首次使用微信登录，请绑定手机号');
  const phone = freshPhone();
  await page.locator('#wx-mobile').fill(phone);
  await page.locator('#wx-captcha').fill(await answer);
  await page.locator('.ld-send').click();
  await expectToast(page, '验证码发送成功，请注意查收');
  await page.locator('#wx-code').fill(await smsCode(page.request, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expectToast(page, '登录成功');
  await page.waitForURL('/articles');
  await expect(page.locator('[data-header-user] details')).toBeVisible();

  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/live');
  await page.locator('[data-login]').first().click();
  await page.getByRole('button', { name: '微信扫码登录' }).click();
  await page.getByRole('link', { name: '打开微信扫码登录' }).click();
  await expectToast(page, '登录成功');
  await page.waitForURL('/live');
  await expect(page.locator('[data-header-user] details')).toBeVisible();
});

test('a member changes the password on /safesetting; the old one stops working', async ({
  page,
  browser,
}) => {
  // Register a fresh member by SMS code through the API, then set and change a password.
  const phone = freshPhone();
  await page.goto('/');
  await registerByCode(page.request, phone);
  await page.evaluate((m) => localStorage.setItem('mobile', m), phone);
  await page.goto('/safesetting');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '设置密码' })).toBeVisible();
  await page.locator('#sec-new').fill('123');
  await page.getByRole('button', { name: '保存密码' }).click();
  await expect(page.locator('#sec-new-error')).toHaveText('密码不能低于6位');
  await page.locator('#sec-new').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '保存密码' }).click();
  await expectToast(page, '密码修改成功');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await page.locator('#sec-old').fill('not-it-at-all');
  await page.locator('#sec-new').fill('Another#2026');
  await page.getByRole('button', { name: '保存密码' }).click();
  await expectToast(page, '原密码错误');
  await page.locator('#sec-old').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '保存密码' }).click();
  await expectToast(page, '密码修改成功');
  const ctx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const old = await ctx.request.post('/api/user/login', {
    form: { mobile: phone, password: DEMO_PASSWORD },
  });
  expect(((await old.json()) as { message: string }).message).toBe('手机号或密码错误');
  const fresh = await ctx.request.post('/api/user/login', {
    form: { mobile: phone, password: 'Another#2026' },
  });
  expect(((await fresh.json()) as { message: string }).message).toBe('登录成功');
  await ctx.close();
});

test('demo mode says so in a banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.demo-banner')).toContainText('演示环境');
});

test('registering from an invite link (/regeister?code=) records the inviter', async ({ page }) => {
  await page.request.post('/api/user/login', {
    form: { mobile: '13800138001', password: DEMO_PASSWORD },
  });
  const invite = (await (await page.request.post('/api/user/invite')).json()) as {
    data: { invite: string };
  };
  await page.request.post('/api/user/logout');
  const answer = nextCaptchaAnswer(page);
  await page.goto(`/regeister?code=${invite.data.invite}`);
  await expect(page.locator('[data-invite]')).toHaveText(invite.data.invite);
  const dialog = page.locator('dialog.login-dialog');
  await expect(dialog.locator('[data-mode="code"]')).toBeVisible();
  const phone = freshPhone();
  await dialog.locator('#ld-mobile').fill(phone);
  await dialog.locator('#ld-captcha').fill(await answer);
  await dialog.locator('.ld-send').click();
  await expectToast(page, '验证码发送成功，请注意查收');
  await dialog.locator('#ld-code').fill(await smsCode(page.request, phone));
  // After 登录成功 the page reloads itself (after-login.ts): wait for that load, not this one.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '注册/登录' }).click();
  await expectToast(page, '登录成功');
  await reloaded;
  // The new member sees the inviter's code already used: filling another one is refused.
  const again = (await (
    await page.request.post('/api/invite/save', { form: { code: invite.data.invite } })
  ).json()) as { message: string };
  expect(again.message).toBe('您已填写过邀请码');
});

test('a member edits the profile on /usercenter/mysetting, avatar included', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/');
  await registerByCode(page.request, phone);
  await page.evaluate((m) => localStorage.setItem('mobile', m), phone);
  await page.goto('/usercenter/mysetting');
  // Hydrated and mounted: a field filled before that may get the server's value back.
  await expect(page.locator('form.profile-form')).toHaveAttribute('data-ready', '1');
  await page.locator('#pf-name').fill('');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.locator('#pf-name-error')).toHaveText('请输入昵称');
  await page.locator('#pf-name').fill('张工');
  await page.locator('#pf-email').fill('not-an-email');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expectToast(page, '请输入正确的邮箱');
  await page.locator('#pf-email').fill('zhang@example.com');
  await page.locator('#pf-job').selectOption('硬件工程师');
  await page.getByLabel('电源').check();
  await page.getByLabel('无线').check();
  // A 2×2 PNG: re-encoded to WebP by the server.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .locator('.avatar-row input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, '上传成功');
  await expect(page.locator('.avatar-row img')).toHaveAttribute('src', /^\/uploads\/[\w-]+\.webp$/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expectToast(page, '保存成功');
  await page.reload();
  await hydrated(page);
  await expect(page.locator('#pf-name')).toHaveValue('张工');
  await expect(page.locator('#pf-email')).toHaveValue('zhang@example.com');
  await expect(page.locator('#pf-job')).toHaveValue('硬件工程师');
  await expect(page.getByLabel('电源')).toBeChecked();
  const avatar = await page.locator('.avatar-row img').getAttribute('src');
  const res = await page.request.get(avatar!);
  expect(res.headers()['content-type']).toBe('image/webp');
  await expect(page.locator('[data-header-user] details')).toContainText('张工');
});

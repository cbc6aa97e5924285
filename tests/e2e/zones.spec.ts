/**
 * A partner company's technical zone on its own subdomain: the login dialog
 * shows the company's login image, and a login there is the login of the
 * main domain too (the session cookie is scoped to the parent domain).
 */
import { expect, test } from '@playwright/test';
import {
  DEMO_MEMBER,
  DEMO_PASSWORD,
  expectToast,
  asOwnClient,
  dismissNoticePopups,
} from './support.ts';

test.beforeEach(async ({ page, context }) => {
  await asOwnClient(context);
  await dismissNoticePopups(page);
});

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP xinxuetang.local 127.0.0.1, MAP *.xinxuetang.local 127.0.0.1',
    ],
  },
});

test('a zone shows its login image and shares the login with the main domain', async ({
  page,
  request,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const list = (await (await request.get('/api/company/list?featured=1')).json()) as {
    data: { list: { id: number; domain: string; loginImageUrl: string | null }[] };
  };
  const company = list.data.list.find((c) => c.loginImageUrl)!;
  await page.goto(`http://${company.domain}:${port}/articlelist`);
  await page.locator('[data-login]').first().click();
  const image = page.locator('dialog.login-dialog img.ld-zone-image');
  await expect(image).toHaveAttribute('src', company.loginImageUrl!);
  expect(await page.evaluate(() => localStorage.getItem('companyId'))).toBe(String(company.id));
  await page.locator('#ld-mobile').fill(DEMO_MEMBER);
  await page.locator('#ld-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectToast(page, '登录成功');
  await page.goto(`http://xinxuetang.local:${port}/usercenter/mysetting`);
  expect(new URL(page.url()).pathname).toBe('/usercenter/mysetting');
  await expect(page.locator('main')).toContainText('138****8001');
  // One login state (issue 15): the main site's public pages know it too, though its local
  // storage never saw the login: header, member texts and the live player agree with the server.
  await page.goto(`http://xinxuetang.local:${port}/livedetail?id=3`);
  await expect(page.locator('[data-header-user] .user-menu summary')).toBeVisible();
  await expect(page.locator('[data-header-user]')).not.toContainText('登录/注册');
  await expect(page.locator('.login-note.visitor-only')).toBeHidden();
  await expect(page.locator('.login-note.member-only')).toBeVisible();
  await expect(page.locator('[data-live-player="visitor"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.cookie)).not.toContain('xxt_token');
});

test('a visitor sees visitor texts, and a quit member again', async ({ page, baseURL }) => {
  await page.goto('/livedetail?id=3');
  await expect(page.locator('.login-note.visitor-only')).toBeVisible();
  await expect(page.locator('.login-note.member-only')).toBeHidden();
  const login = await page.request.post('/api/user/login', {
    form: { mobile: DEMO_MEMBER, password: DEMO_PASSWORD },
  });
  expect(((await login.json()) as { code: number }).code).toBe(200);
  await page.goto('/exam?id=1');
  await expect(page.locator('p.login.member-only')).toBeVisible();
  await expect(page.locator('p.login.visitor-only')).toBeHidden();
  await page.request.post('/api/user/logout', { headers: { origin: baseURL! } });
  await page.goto('/exam?id=1');
  await expect(page.locator('p.login.visitor-only')).toBeVisible();
  expect(baseURL).toBeTruthy();
});

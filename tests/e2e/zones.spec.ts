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

  // The main site's cached pages agree: its origin's storage is empty, but the
  // parent-domain presence cookie makes the header and the islands show the member.
  await page.goto(`http://xinxuetang.local:${port}/articlelist`);
  expect(await page.evaluate(() => document.cookie)).not.toContain('xxt_token');
  await expect(page.locator('[data-header-user] details summary')).toBeVisible();
  const lives = (await (
    await request.get('/api/index/liveBroadCast/list?status=upcoming&size=1')
  ).json()) as { data: { list: { id: number }[] } };
  await page.goto(`http://xinxuetang.local:${port}/livedetail?id=${lives.data.list[0]!.id}`);
  await expect(page.locator('.reserve .note')).toContainText('填写以下信息即可预约');
  await expect(page.locator('dialog.login-dialog')).toHaveCount(0);
});

test("a zone's home shows its company and content; the main home stays the main home", async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const zone = `http://hengtuo-power.xinxuetang.local:${port}`;
  await page.goto(`${zone}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('恒拓电源技术专区');
  await expect(page.locator('#zone-courses')).toContainText('Buck 变换器设计与环路补偿实战');
  await expect(page.locator('#zone-lives')).toContainText('高效率 DC-DC 设计研讨会');
  expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
    'https://hengtuo-power.xinxuetang.local/',
  );
  // The main site's home right after: no zone content from the cache.
  await page.goto(`http://xinxuetang.local:${port}/`);
  await expect(page.locator('[data-zone]')).toHaveCount(0);
  await expect(page.locator('#articles')).toBeVisible();
  // Another zone is its own.
  await page.goto(`http://qiming-micro.xinxuetang.local:${port}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('启明微电子技术专区');
  await page.goto(`${zone}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('恒拓电源技术专区');
});

/**
 * A separate API origin (issue 14, API_ORIGIN): pages on www call the API on
 * api.<parent domain> with the parent-domain cookie; CORS lets them read the
 * answers, so logging in and the header's member work as on one origin.
 * Runs its own server of the build with API_ORIGIN set.
 */
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';
import { playMutedPast } from './media-support.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { DEMO_MEMBER, DEMO_PASSWORD, dismissNoticePopups, expectToast } from './support.ts';

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

let server: ServerProcess;
let port = 0;

test.beforeAll(async () => {
  // Migrating and seeding a fresh database is real work: no clock bounds it (the helper waits for
  // the "listening" line, or fails as soon as the server exits).
  test.setTimeout(0);
  port = await freePort();
  server = await startServerProcess(
    'scripts/e2e-server.ts',
    {
      COOKIE_DOMAIN: 'xinxuetang.local',
      SITE_URL: `http://www.xinxuetang.local:${port}`,
      API_ORIGIN: `http://api.xinxuetang.local:${port}`,
    },
    { port },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** What the page's console says of a blocked policy (CSP) or cross-origin read (CORS). */
function policyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|CORS/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

/** The demo member logs in through the header's login dialog. */
async function loginInDialog(page: Page): Promise<void> {
  await page.locator('[data-login]').first().click();
  await page.locator('#ld-mobile').fill(DEMO_MEMBER);
  await page.locator('#ld-password').fill(DEMO_PASSWORD);
  // After 登录成功 the page reloads itself (after-login.ts): the caller's next navigation must
  // come after that reload, or the reload aborts it.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectToast(page, '登录成功');
  await reloaded;
}

test('pages call the API origin with the cookie: login and the header work across origins', async ({
  page,
}) => {
  await dismissNoticePopups(page);
  const www = `http://www.xinxuetang.local:${port}`;
  const api = `http://api.xinxuetang.local:${port}`;
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  const violations = policyViolations(page);
  await page.goto(`${www}/articles`);
  await expect(page.locator('html')).toHaveAttribute('data-api', api);
  await loginInDialog(page);
  await expect(page.locator('[data-header-user] details summary')).toBeVisible();
  expect(calls.some((u) => u.startsWith(`${api}/api/user/login`))).toBe(true);
  expect(calls.some((u) => u.startsWith(`${api}/api/user/information`))).toBe(true);
  expect(calls.filter((u) => u.startsWith(`${www}/api/`))).toEqual([]);
  // The session is the parent domain's cookie, out of reach of the page's scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain('xxt_token');
  expect(violations).toEqual([]);
});

test('a buyer plays a paid lesson on www: its media come from the API origin, through the grant', async ({
  page,
}) => {
  await dismissNoticePopups(page);
  const www = `http://www.xinxuetang.local:${port}`;
  const api = `http://api.xinxuetang.local:${port}`;
  const violations = policyViolations(page);
  const media: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/s/'))
      media.push({ url: r.url(), status: r.status() });
  });
  const list = await page.request.get(
    `http://127.0.0.1:${port}/api/course/list?size=50&word=STM32F103`,
  );
  const { data } = (await list.json()) as { data: { list: { id: number; title: string }[] } };
  const id = data.list.find((c) => c.title.startsWith('STM32F103 从零到项目'))!.id;
  // The demo member who bought the course logs in on www; the cookie is the parent domain's.
  await page.goto(`${www}/course/${id}`);
  await loginInDialog(page);
  await expect(page.locator('[data-header-user] details summary')).toBeVisible();
  // A lesson past the free preview: the buyer's grant (what the page loaded before is not counted).
  media.length = 0;
  await page.locator('[data-play-lesson]').nth(2).click();
  const video = page.locator('[data-lesson-player="ready"] video');
  await expect(video).toBeAttached();
  await playMutedPast(video, 0.5);
  // Playlist, init and segments: all from the API origin, all answered.
  expect(media.some((m) => m.url.endsWith('.m4s'))).toBe(true);
  // Granted to the member (a visitor's grant names member 0).
  expect(media.some((m) => /\/media\/s\/[0-9a-z]+\.0\./.test(m.url))).toBe(false);
  expect(media.filter((m) => !m.url.startsWith(`${api}/media/s/`))).toEqual([]);
  expect(media.filter((m) => m.status >= 300)).toEqual([]);
  expect(violations).toEqual([]);
});

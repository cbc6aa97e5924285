/**
 * Security headers on every response type, and a strict Content-Security-
 * Policy that no page violates (issue 13): every page type, logged out and
 * logged in, with ads (script frames included) and players running.
 */
import { expect, test, type Page } from '@playwright/test';
import { playsPast } from './media-support.ts';
import { loginPage } from './members-support.ts';
import { DEMO_MEMBER, firstInput } from './support.ts';

const PAGES = [
  '/',
  '/articles',
  '/article/1',
  '/live',
  '/live/3',
  '/live/1',
  '/column',
  '/bigcolumn/1',
  '/columndetail?id=1',
  '/courses',
  '/course/1',
  '/learningtools',
  '/shortvideo',
  '/short/1',
  '/video/1',
  '/searchlist?word=%E7%94%B5%E6%BA%90',
  '/notificationdetail?id=1',
  '/aboutus',
  '/termofservice',
  '/privacypolicy',
  '/forgetpass',
  '/smsphonenumber',
];
const MEMBER_PAGES = [
  '/usercenter/mysubscrible',
  '/usercenter/mycollect',
  '/usercenter/mypublish',
  '/usercenter/newpublish',
  '/usercenter/mysetting',
  '/usercenter/myorder',
  '/notification',
  '/payrecord',
  '/redemptioncode',
  '/safesetting',
  '/exam/1',
];

/** Records every CSP violation the page (and its same-origin frames) reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  // Overlay ads (windows, pop-up) skip automated browsers; they must run here.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${location.pathname}: ${e.effectiveDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`${page.url()}: ${m.text()}`);
  });
  return seen;
}

async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  // Scroll through so lazy islands, ads and players start, then let timers (ad frames: 500 ms) run.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
  });
  await page.waitForTimeout(900);
}

test('no page violates its Content-Security-Policy, logged out', async ({ page }) => {
  test.setTimeout(540_000);
  const violations = await watchViolations(page);
  for (const path of PAGES) await visit(page, path);
  // The feeds, shown by the browser as an XML tree it styles itself.
  for (const path of ['/sitemap.xml', '/rss.xml'])
    expect((await page.goto(path))?.status(), path).toBe(200);
  // A featured video's player, started by its poster, streams HLS within the policy.
  await page.goto('/video/1');
  await expect(page.locator('[data-video-slot]')).toHaveAttribute('data-ready', '1');
  await page.locator('[data-video-slot] button').click();
  await playsPast(page.locator('[data-video-player="play"] video'), 1);
  // The window ads' script creative ran inside its sandboxed frame.
  await page.goto('/articles');
  await firstInput(page);
  await expect(
    page.frameLocator('[data-ad-window="1"] iframe').getByText('电源设计训练营 · 第三期'),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test('no page violates its Content-Security-Policy, logged in, with the live player', async ({
  page,
}) => {
  test.setTimeout(540_000);
  const violations = await watchViolations(page);
  await loginPage(page, DEMO_MEMBER);
  for (const path of [...MEMBER_PAGES, '/', '/article/1', '/live/3', '/course/1'])
    await visit(page, path);
  expect(violations).toEqual([]);
});

test('the watcher sees a violation: an injected inline script is blocked and reported', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.goto('/aboutus');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.body.append(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBe(
    undefined,
  );
});

test('every response type carries the security headers', async ({ request }) => {
  const page = await request.get('/article/1');
  const asset = (await page.text()).match(/\/_astro\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const answers = {
    page,
    cachedPage: await request.get('/article/1'),
    asset: await request.get(asset!),
    api: await request.get('/api/label/list'),
    apiMissing: await request.get('/api/nothing-here'),
    redirect: await request.get('/index', { maxRedirects: 0 }),
    publicFile: await request.get('/favicon.svg'),
  };
  for (const [name, res] of Object.entries(answers)) {
    const h = res.headers();
    expect(h['x-content-type-options'], name).toBe('nosniff');
    expect(h['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
    expect(h['cross-origin-opener-policy'], name).toBe('same-origin');
    expect(h['content-security-policy'], name).toContain("frame-ancestors 'self'");
  }
  const csp = answers.page.headers()['content-security-policy']!;
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain('report-uri /api/csp/report');
  expect(answers.cachedPage.headers()['content-security-policy']).toBe(csp);
  // Demo mode is served over plain http here: no HSTS outside production.
  expect(answers.page.headers()['strict-transport-security']).toBeUndefined();
});

test('violation reports are stored, and a flood from one address is capped', async ({
  request,
}) => {
  const report = (n: number) =>
    request.post('/api/csp/report', {
      headers: { 'content-type': 'application/csp-report' },
      data: JSON.stringify({
        'csp-report': {
          'document-uri': `http://127.0.0.1/probe-${n}`,
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
        },
      }),
    });
  const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => report(i)));
  expect(answers.every((a) => a.status() === 204)).toBe(true);
});

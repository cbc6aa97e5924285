/**
 * Page views and ad events recorded by real page loads in Chromium (beacons
 * after the load event), read back through the admin-only reports.
 */
import { expect, request, test, type APIRequestContext } from '@playwright/test';

const ADMIN = '13800138000';
const PASSWORD = 'Demo@2026';

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/user/login', { form: { mobile: ADMIN, password: PASSWORD } });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  return api;
}

async function views(api: APIRequestContext, path: string): Promise<number> {
  const res = await api.get(`/api/analytics/pageviews?path=${encodeURIComponent(path)}`);
  const body = (await res.json()) as { code: number; data: { count: number } };
  expect(body.code).toBe(200);
  return body.data.count;
}

interface AdRow {
  adId: number;
  slot: number;
  impressions: number;
  clicks: number;
  ctr: number;
}

async function adRow(api: APIRequestContext, slot: number): Promise<AdRow | undefined> {
  const res = await api.get('/api/analytics/ads');
  const body = (await res.json()) as { data: { list: AdRow[] } };
  return body.data.list.find((r) => r.slot === slot);
}

test('each navigation adds one page view to the report', async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  // Paths of this run only, so other tests' visits do not count.
  const tag = `${Date.now()}${test.info().workerIndex}`;
  const a = `/articles?pv=${tag}`;
  const b = `/live?pv=${tag}`;
  await page.goto(a);
  await expect.poll(() => views(api, a)).toBe(1);
  await page.goto(b);
  await expect.poll(() => views(api, b)).toBe(1);
  await page.goBack();
  await expect.poll(() => views(api, a)).toBe(2);
  await page.reload();
  await expect.poll(() => views(api, a)).toBe(3);
  expect(await views(api, b)).toBe(1);
  // A member's page view needs no client input: the server takes it from the session.
  await page.request.post('/api/user/login', {
    form: { mobile: '13800138001', password: PASSWORD },
  });
  await page.goto(b);
  await expect.poll(() => views(api, b)).toBe(2);
  // The report is admin-only.
  const visitor = await (await page.request.get(`/api/analytics/pageviews?path=%2F`)).json();
  expect(visitor).toMatchObject({ code: 403 });
  await api.dispose();
});

test('an ad seen for a second counts one impression, and a click counts a click', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const before = (await adRow(api, 70)) ?? { impressions: 0, clicks: 0 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await page.goto('/');
  const banner = page.locator('[data-ad-slot="70"]');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner.locator('.ad-creative')).toHaveCount(1);
  await page.clock.runFor(1100);
  await expect
    .poll(async () => (await adRow(api, 70))?.impressions)
    .toBeGreaterThanOrEqual(before.impressions + 1);
  // The click opens the advertiser in a new tab; the beacon records it first.
  const popup = page.waitForEvent('popup');
  await banner.locator('.ad-creative').click();
  await (await popup).close();
  await expect.poll(async () => (await adRow(api, 70))?.clicks).toBe(before.clicks + 1);
  const row = (await adRow(api, 70))!;
  expect(row.ctr).toBeCloseTo(row.clicks / row.impressions, 3);
  await api.dispose();
});

/**
 * Issue 30, "fair under floods": each client has a budget of page renders (cached pages cost
 * nothing). Past it, a distinct uncacheable page (a random search) answers a fast 429 with
 * Retry-After and a Chinese message, while the same client still gets cached pages, and other
 * clients still get renders. The server runs with a budget that refills so slowly (one render
 * per 1,000 s) that no test step can earn a token back, however slow the machine.
 */
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from './server-process.ts';

let server: ServerProcess;

test.beforeAll(async () => {
  // Seeding a fresh demo database is real work: no clock bounds it.
  test.setTimeout(0);
  server = await startServerProcess(
    'scripts/e2e-server.ts',
    // Behind a proxy, as the main test server: the test's addresses are X-Forwarded-For.
    { RENDER_RATE: '0.001', RENDER_BURST: '3', TRUST_PROXY: '1' },
    { ownRedis: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test('a client past its render budget gets 429 with Retry-After; cached pages and others still answer', async ({
  request,
}) => {
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  // The home page cached first (asked from this machine, which has no budget).
  await expect
    .poll(async () => (await request.get(`${server.url}/`)).headers()['x-cache'])
    .toBe('HIT');
  const flooder = from('203.0.113.50');
  for (let i = 1; i <= 3; i++) {
    const res = await request.get(`${server.url}/searchlist?word=budget${i}`, flooder);
    expect(res.status(), `search ${i}`).toBe(200);
  }
  const refused = await request.get(`${server.url}/searchlist?word=budget4`, flooder);
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toBe('请求过于频繁，请稍后再试');
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(refused.headers()['cache-control']).toBe('no-store');
  // The same client still reads cached pages; another client still gets its search rendered.
  const cached = await request.get(`${server.url}/`, flooder);
  expect(cached.status()).toBe(200);
  expect(cached.headers()['x-cache']).toBe('HIT');
  const other = await request.get(`${server.url}/searchlist?word=budget4`, from('203.0.113.51'));
  expect(other.status()).toBe(200);
  expect(await other.text()).toContain('budget4');
  // The API keeps its own limits: not this budget.
  const api = await request.get(`${server.url}/api/article/classify`, flooder);
  expect(api.status()).toBe(200);
});

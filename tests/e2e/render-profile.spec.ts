/**
 * Issue 30, "know where a render's time goes": the build's server started with RENDER_PROFILE=1
 * answers each rendered page with a `Server-Timing` header naming its queries (counted), Astro's
 * render and the CSP hashing (what `scripts/bench-profile.ts` prints with `npm run bench`); a page
 * answered from the page cache carries none (a render's timing is not stored with the page), and
 * the main test server, started without the switch, sends none at all. And the build the tests
 * serve is a production build, whatever NODE_ENV the build ran under (a test runner sets `test`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseServerTiming } from '../../scripts/bench-profile.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
let url = '';

test.beforeAll(async () => {
  // Seeding a fresh demo database is real work: no clock bounds it (the helper waits for the
  // "listening" line, or fails as soon as the server exits).
  test.setTimeout(0);
  server = await startServerProcess(
    'scripts/e2e-server.ts',
    { RENDER_PROFILE: '1' },
    { ownRedis: true },
  );
  url = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

test('a rendered page says where its time went; a cached one does not', async ({ request }) => {
  // A page no one has asked for: rendered now.
  const first = await request.get(`${url}/articles/page/2`);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-cache']).not.toBe('HIT');
  const timing = parseServerTiming(first.headers()['server-timing'] ?? '');
  expect(Object.keys(timing)).toEqual(['db', 'render', 'csp']);
  // The list page reads its articles, classifications and side lists: queries, counted.
  expect(Number.parseInt(timing.db!.desc, 10)).toBeGreaterThan(0);
  expect(timing.db!.desc).toMatch(/^\d+ queries$/);
  for (const m of ['db', 'render', 'csp']) expect(timing[m]!.dur).toBeGreaterThanOrEqual(0);
  expect(timing.render!.dur).toBeGreaterThan(0);
  // The same page again comes from the cache, without the first render's timing.
  await expect
    .poll(async () => (await request.get(`${url}/articles/page/2`)).headers()['x-cache'])
    .toBe('HIT');
  const hit = await request.get(`${url}/articles/page/2`);
  expect(hit.headers()['server-timing']).toBeUndefined();
});

test('without RENDER_PROFILE no page carries Server-Timing', async ({ request, baseURL }) => {
  const res = await request.get(`${baseURL}/articles/page/3`);
  expect(res.status()).toBe(200);
  expect(res.headers()['server-timing']).toBeUndefined();
});

test('the build is a production one: islands for the production JSX runtime, no debug checks', () => {
  const dist = process.env.ASTRO_OUT_DIR || 'dist';
  const chunks = join(dist, 'server', 'chunks');
  const server = readdirSync(chunks).map((f) => readFileSync(join(chunks, f), 'utf8'));
  // The islands render on the server with Preact (astro.config.mjs): no development JSX runtime.
  expect(server.filter((js) => /(?:react|preact)\/jsx-dev-runtime|preact\/debug/.test(js))).toEqual(
    [],
  );
  // The islands' chunks are built (the positive control for the checks below).
  const assets = join(dist, 'client', '_astro');
  const names = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(names.some((f) => /^preact\.module\./.test(f))).toBe(true);
  const shipped = names.map((f) => readFileSync(join(assets, f), 'utf8'));
  // Preact's development checks (preact/debug) and the dev JSX runtime are not shipped to readers.
  expect(
    shipped.filter((js) => js.includes('Undefined component passed to createElement')),
  ).toEqual([]);
  expect(shipped.some((js) => js.includes('jsxDEV'))).toBe(false);
});

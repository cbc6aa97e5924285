/**
 * Issue 30's yardstick page (/bench-yardstick: the article page rendered from fixed props, which
 * `npm run bench` compares uncached renders with) is never reachable by readers: a server started
 * without BENCH_YARDSTICK answers 404. A server started with it renders the props file's article
 * with no query at all (RENDER_PROFILE=1 counts them), on every request, never from the cache.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ArticlePageProps } from '../../src/pages/_components/articles/article-page.ts';
import { parseServerTiming } from '../../scripts/bench-profile.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const TITLE = '固定属性渲染：尺子文章';

const props = {
  article: {
    id: 424242,
    title: TITLE,
    summary: '基准测试用的固定文章。',
    cover: null,
    authorName: '芯学堂编辑部',
    publishedAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    viewCount: 1234,
    laudCount: 5,
    classifyId: 1,
    classifyName: '嵌入式',
    secondClassifyId: null,
    secondClassifyName: null,
    source: null,
    content: '<p>没有数据库也能渲染的正文。</p>',
    ipRegion: null,
    authorId: null,
    readingMinutes: 1,
  },
  related: [],
  sideRecommended: [],
  site: { siteUrl: 'http://127.0.0.1', siteName: '芯学堂' },
  parts: {
    shell: {
      site: {
        mode: 'demo',
        siteName: '芯学堂',
        siteUrl: 'http://127.0.0.1',
        apiOrigin: '',
        companyName: '芯学堂（北京）科技有限公司',
        icpFiling: '京ICP备00000000号-1（演示）',
        policeFiling: '京公网安备 11010800000000号（演示）',
      },
      companies: [],
      ads: [],
    },
    contentAds: { top: [], right: [] },
    comments: { list: [], count: 0 },
  },
} satisfies ArticlePageProps;

let server: ServerProcess;

test.beforeAll(async () => {
  // Seeding a fresh demo database is real work: no clock bounds it (the helper waits for the
  // "listening" line, or fails as soon as the server exits).
  test.setTimeout(0);
  const file = join(mkdtempSync(join(tmpdir(), 'xxt-yardstick-')), 'props.json');
  writeFileSync(file, JSON.stringify(props));
  server = await startServerProcess(
    'scripts/e2e-server.ts',
    { BENCH_YARDSTICK: file, RENDER_PROFILE: '1' },
    { ownRedis: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test('without BENCH_YARDSTICK the yardstick is not there', async ({ request, baseURL }) => {
  const res = await request.get(`${baseURL}/bench-yardstick`, { maxRedirects: 0 });
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toContain(TITLE);
});

test('with it, the article of the props renders with no query, each time', async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.get(`${server.url}/bench-yardstick`);
    expect(res.status()).toBe(200);
    expect(res.headers()['x-cache']).toBeUndefined();
    expect(res.headers()['cache-control']).toBe('private, no-store');
    const timing = parseServerTiming(res.headers()['server-timing'] ?? '');
    expect(timing.db?.desc).toBe('0 queries');
    const html = await res.text();
    expect(html).toContain(`<h1 class="title"`);
    expect(html).toContain(`>${TITLE}</h1>`);
    expect(html).toContain('没有数据库也能渲染的正文。');
  }
});

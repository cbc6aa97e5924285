/**
 * Sitemap and RSS (issue 3) from a seeded database: every public page in
 * canonical form and nothing unpublished; the feed's newest articles as
 * valid RSS 2.0. And the mobile redirect setting in the server entry,
 * decided before the page cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../src/server/cache/cache-key.ts';
import { PageStore } from '../../../src/server/cache/page-store.ts';
import { createFrontHandler } from '../../../src/server/http/front.ts';
import { listen } from '../../../src/server/http/server.ts';
import {
  rssItems,
  rssXml,
  sitemapUrls,
  sitemapXml,
} from '../../../src/server/services/site/index.ts';

import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const SITE = 'https://www.example.cn';

describe('sitemap.xml', () => {
  it('lists home, lists and every published article, course, column, live and short video', async () => {
    const xml = sitemapXml(SITE, await sitemapUrls(rt.deps));
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const p of [
      '/',
      '/articles',
      '/column',
      '/courses',
      '/live',
      '/shortvideo',
      '/learningtools',
    ])
      expect(locs).toContain(SITE + p);
    const published = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .where('published_at', '<=', rt.clock.now().toISOString())
      .execute();
    const hidden = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '!=', 'published')
      .execute();
    for (const a of published) expect(locs).toContain(`${SITE}/article/${a.id}`);
    for (const a of hidden) expect(locs).not.toContain(`${SITE}/article/${a.id}`);
    const courses = await rt.db.selectFrom('courses').select(['id', 'published']).execute();
    for (const c of courses)
      expect(locs.includes(`${SITE}/course/${c.id}`)).toBe(c.published === 1);
    const columns = await rt.db.selectFrom('classifies').select('id').execute();
    for (const c of columns) expect(locs).toContain(`${SITE}/column/${c.id}`);
    const lives = await rt.db.selectFrom('live_broadcasts').select('id').execute();
    for (const l of lives) expect(locs).toContain(`${SITE}/live/${l.id}`);
    const shorts = await rt.db.selectFrom('short_videos').select('id').execute();
    for (const s of shorts) expect(locs).toContain(`${SITE}/short/${s.id}`);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(new Set(locs).size).toBe(locs.length);
  });
});

describe('rss.xml', () => {
  it('is RSS 2.0 of the 30 newest published articles, escaped, with canonical links', async () => {
    const items = await rssItems(rt.deps);
    const newest = await rt.db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where('status', '=', 'published')
      .where('published_at', '<=', rt.clock.now().toISOString())
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(30)
      .execute();
    expect(items.map((i) => i.id)).toEqual(newest.map((a) => a.id));
    const xml = rssXml(
      { url: SITE, name: '芯学堂' },
      [{ ...items[0]!, title: 'A & B <C>' }, ...items.slice(1)],
      rt.clock.now(),
    );
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>芯学堂 · 最新文章</title>');
    expect(xml).toContain('<title>A &amp; B &lt;C&gt;</title>');
    expect(xml).toContain(`<link>${SITE}/article/${items[0]!.id}</link>`);
    expect(xml.match(/<item>/g)).toHaveLength(items.length);
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

async function frontServer(mobileSiteUrl: string | undefined) {
  const store = new PageStore();
  const http = await listen(
    createFrontHandler({
      staticFiles: new Map(),
      store,
      mobileSiteUrl,
      astro: (_req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end('<p>由 Astro 渲染</p>');
      },
      onError: () => undefined,
    }),
    { host: '127.0.0.1', port: 0 },
  );
  const host = new URL(http.url).host;
  await store.put(cacheKey(host, '/article/1'), {
    status: 200,
    headers: [['Content-Type', 'text/html; charset=utf-8']],
    body: Buffer.from('<p>缓存的文章</p>'),
    maxAge: 60,
    swr: 60,
    tags: ['article:1'],
  });
  return http;
}

describe('mobile redirect setting', () => {
  it('sends phones to the same path on MOBILE_SITE_URL, even for a cached page', async () => {
    const http = await frontServer('https://m.example.cn');
    try {
      for (const ua of [IPHONE, ANDROID_PHONE]) {
        const res = await fetch(`${http.url}/article/1?from=x`, {
          headers: { 'user-agent': ua },
          redirect: 'manual',
        });
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('https://m.example.cn/article/1?from=x');
        expect(res.headers.get('vary')).toBe('User-Agent');
      }
      for (const ua of [IPAD, DESKTOP]) {
        const res = await fetch(`${http.url}/article/1`, {
          headers: { 'user-agent': ua },
          redirect: 'manual',
        });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('<p>缓存的文章</p>');
      }
      const api = await fetch(`${http.url}/api/index/search`, {
        headers: { 'user-agent': IPHONE },
        redirect: 'manual',
      });
      expect(api.status).toBe(200);
      const post = await fetch(`${http.url}/articlelist`, {
        method: 'POST',
        headers: { 'user-agent': IPHONE },
        redirect: 'manual',
      });
      expect(post.status).toBe(200);
    } finally {
      await http.stop();
    }
  });

  it('is off when unset: phones get the responsive page', async () => {
    const http = await frontServer(undefined);
    try {
      const res = await fetch(`${http.url}/article/1`, {
        headers: { 'user-agent': IPHONE },
        redirect: 'manual',
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<p>缓存的文章</p>');
    } finally {
      await http.stop();
    }
  });
});

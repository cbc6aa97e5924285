/**
 * The public reading experience (issue 3) in Chromium against the built
 * server: every page type shows what a reader expects from the seeded
 * content (titles, counts, labels with 全部, filter tabs, lesson outline,
 * pagination), is readable with JavaScript off, carries canonical / Open
 * Graph / JSON-LD / RSS metadata, and has no horizontal scroll at 360 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

interface Envelope<T> {
  code: number;
  data: T;
}
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const body = (await (await request.get(path)).json()) as Envelope<T>;
  expect(body.code, path).toBe(200);
  return body.data;
}
type Paged<T> = { list: T[]; count: number };
type Article = { id: number; title: string; authorName: string; classifyName: string };
type Course = { id: number; title: string; lessonCount: number; labels: { name: string }[] };

/** A path per page type, with ids taken from the seeded content. */
async function pageTypes(request: APIRequestContext): Promise<string[]> {
  const article = (await api<Paged<Article>>(request, '/api/article/list?page=1&size=1')).list[0]!;
  const course = (await api<Paged<Course>>(request, '/api/course/list?page=1&size=1')).list[0]!;
  const bigs = await api<{ list: { id: number; classifies: { id: number }[] }[] }>(
    request,
    '/api/index/classifyIndexList',
  );
  const live = (
    await api<Paged<{ id: number }>>(request, '/api/index/liveBroadCast/list?page=1&size=1')
  ).list[0]!;
  const short = (await api<{ list: { id: number }[] }>(request, '/api/index/shortVideoRecommend'))
    .list[0]!;
  const video = (await api<{ list: { id: number }[] }>(request, '/api/index/videoHotList'))
    .list[0]!;
  return [
    '/',
    '/articles',
    '/articles/c/1/t/3',
    `/article/${article.id}`,
    '/searchlist?word=STM32',
    '/column',
    `/bigcolumn/${bigs.list[0]!.id}`,
    `/column/${bigs.list[0]!.classifies[0]!.id}`,
    '/courses',
    `/course/${course.id}`,
    '/live',
    `/live/${live.id}`,
    '/shortvideo',
    `/short/${short.id}`,
    `/video/${video.id}`,
    '/learningtools',
  ];
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test.describe('mobile from 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('no page type scrolls sideways at 360 px', async ({ page, request }) => {
    for (const path of await pageTypes(request)) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator('main h1').first(), path).toBeAttached();
      expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBe(0);
    }
  });
});

test('home: article tabs, lives, courses, data downloads with type and size, partners', async ({
  page,
  request,
}) => {
  const resources = await api<Paged<{ title: string; fileType: string }>>(
    request,
    '/api/index/resource/list?page=1&size=8',
  );
  await page.goto('/');
  const tabs = page.locator('#articles .tabs label');
  await expect(tabs).toHaveText(['推荐', '最新', '最热']);
  await tabs.nth(1).click();
  await expect(page.locator('#articles .panel[data-type="2"] h3').first()).toBeVisible();
  const lives = page.locator('#live a[href^="/live/"]');
  expect(await lives.count()).toBeGreaterThan(0);
  expect(await lives.count()).toBeLessThanOrEqual(4);
  await expect(page.locator('#courses a[href^="/course/"]').first()).toBeVisible();
  const downloads = page.locator('#data-download li');
  await expect(downloads).toHaveCount(resources.list.length);
  await expect(downloads.first()).toContainText(resources.list[0]!.title);
  await expect(downloads.first().locator('.tag')).toHaveText(resources.list[0]!.fileType);
  await expect(downloads.first()).toContainText(/\d+(\.\d+)? (KB|MB|GB) · \d+ 次下载/);
  await expect(page.locator('#partners li').first()).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/rss.xml',
  );
});

test('article list: classifies with 全部, filter tabs, count and pagination', async ({
  page,
  request,
}) => {
  const classifies = await api<{ list: { name: string }[] }>(request, '/api/article/classify');
  const all = await api<Paged<Article>>(request, '/api/article/list?page=1&size=20&type=1');
  await page.goto('/articles');
  await expect(page.locator('main h1')).toContainText(`共 ${all.count} 篇`);
  await expect(page.locator('nav.classifies a')).toHaveText([
    '全部',
    ...classifies.list.map((c) => c.name),
  ]);
  await expect(page.locator('nav.classifies a[aria-current="page"]')).toHaveText('全部');
  await expect(page.locator('nav.types a')).toHaveText(['推荐', '最新', '最热']);
  const pager = page.locator('nav.pager');
  await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
  const titles = page.locator('main ul.list h2 a');
  await expect(titles.first()).toHaveText(all.list[0]!.title);
  const firstTitle = await titles.first().textContent();
  await pager.getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/articles\/page\/2$/);
  await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
  expect(await titles.first().textContent()).not.toBe(firstTitle);

  const hot = await api<Paged<Article>>(
    request,
    '/api/article/list?page=1&size=20&type=3&classifyId=1',
  );
  await page.goto('/articles');
  await page.locator('nav.classifies a', { hasText: classifies.list[0]!.name }).click();
  await page.locator('nav.types a', { hasText: '最热' }).click();
  await expect(page).toHaveURL(/\/articles\/c\/1\/t\/3$/);
  await expect(page.locator('main h1')).toContainText(`共 ${hot.count} 篇`);
  await expect(page.locator('nav.types a[aria-current="page"]')).toHaveText('最热');
  await expect(page.locator('nav.chips a').first()).toHaveText('全部');
  await expect(page.locator('main ul.list').getByText(hot.list[0]!.title)).toBeVisible();
});

test('article detail: body, author, views, related and recommended; canonical, OG and JSON-LD', async ({
  page,
  request,
}) => {
  const article = (await api<Paged<Article>>(request, '/api/article/list?page=1&size=1')).list[0]!;
  await page.goto(`/articledetail?id=${article.id}`);
  expect(new URL(page.url()).pathname).toBe(`/article/${article.id}`);
  await expect(page.locator('main h1')).toHaveText(article.title);
  await expect(page.locator('main .meta')).toContainText(article.authorName);
  await expect(page.locator('main .meta')).toContainText('阅读');
  await expect(page.locator('main .prose p').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '相关文章' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '推荐阅读' })).toBeVisible();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(`/article/${article.id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', article.title);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  ) as Record<string, unknown>;
  expect(ld['@type']).toMatch(/Article/);
  expect(ld.headline).toBe(article.title);
});

test('courses: labels start with 全部, counts, lesson outline, JSON-LD', async ({
  page,
  request,
}) => {
  const labels = await api<{ list: { id: number | ''; name: string }[] }>(
    request,
    '/api/index/label/findListByCourseType?courseType=1',
  );
  const courses = await api<Paged<Course>>(request, '/api/course/list?page=1&size=1');
  await page.goto('/courses');
  await expect(page.locator('main h1')).toContainText(`共 ${courses.count} 门`);
  const row = page.locator('nav.label-row a');
  await expect(row.first()).toHaveText('全部');
  await expect(row).toHaveText(labels.list.map((l) => l.name));
  await expect(row.first()).toHaveAttribute('aria-current', 'true');

  const course = courses.list[0]!;
  await page.goto(`/course/${course.id}`);
  expect(new URL(page.url()).pathname).toBe(`/course/${course.id}`);
  await expect(page.locator('main h1')).toHaveText(course.title);
  await expect(page.locator('#outline-title')).toContainText(`共 ${course.lessonCount} 节`);
  await expect(page.locator('.outline ol li')).toHaveCount(course.lessonCount);
  for (const l of course.labels) await expect(page.locator('.labels')).toContainText(l.name);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  ) as Record<string, unknown>;
  expect(ld['@type']).toBe('Course');
  expect(ld.name).toBe(course.title);
});

test('columns: big columns with their columns and course counts', async ({ page, request }) => {
  const bigs = await api<{
    list: {
      id: number;
      name: string;
      classifies: { id: number; name: string; courseCount: number }[];
    }[];
  }>(request, '/api/index/classifyIndexList');
  await page.goto('/column');
  for (const b of bigs.list)
    await expect(page.locator('main h2', { hasText: b.name })).toBeVisible();
  const big = bigs.list[0]!;
  await page.goto(`/bigcolumn/${big.id}`);
  await expect(page.locator('main h1')).toHaveText(big.name);
  for (const c of big.classifies)
    await expect(page.locator('main').getByText(c.name).first()).toBeVisible();
  const col = big.classifies[0]!;
  await page.goto(`/columndetail?id=${col.id}`);
  expect(new URL(page.url()).pathname).toBe(`/column/${col.id}`);
  await expect(page.locator('main h1')).toHaveText(col.name);
  await expect(page.locator('main')).toContainText(`共 ${col.courseCount} 门课程`);
});

test('live, short videos, learning tools and search', async ({ page, request }) => {
  await page.goto('/live');
  await expect(page.locator('main h1')).toHaveText('直播间');
  await expect(page.locator('#live-recommend')).toHaveText('推荐直播');
  const live = (
    await api<Paged<{ id: number; title: string }>>(
      request,
      '/api/index/liveBroadCast/list?page=1&size=1',
    )
  ).list[0]!;
  await page.goto(`/live/${live.id}`);
  await expect(page.locator('main h1')).toHaveText(live.title);
  await expect(page.getByRole('heading', { name: '直播介绍' })).toBeVisible();

  const short = (
    await api<{ list: { id: number; title: string }[] }>(request, '/api/index/shortVideoRecommend')
  ).list[0]!;
  await page.goto('/shortvideo');
  await expect(page.locator('main h1')).toHaveText('短视频');
  await page.goto(`/short/${short.id}`);
  await expect(page.locator('main h1')).toHaveText(short.title);
  await expect(page.locator('#more-title')).toHaveText('推荐短视频');

  const tools = await api<{ list: { name: string }[] }>(request, '/api/learningToolList');
  await page.goto('/learningtools');
  for (const t of tools.list)
    await expect(page.locator('main').getByText(t.name).first()).toBeVisible();

  const found = await api<{ total: number }>(request, '/api/index/search?word=LM317');
  await page.goto('/searchlist?word=LM317');
  await expect(page.locator('main h1')).toContainText(`共 ${found.total} 条`);
  await expect(page.locator('nav.tabs a').first()).toContainText(`全部 ${found.total}`);
  await expect(page.locator('main mark').first()).toHaveText('LM317');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('home and article detail are fully readable', async ({ page, request }) => {
    const article = (await api<Paged<Article>>(request, '/api/article/list?page=1&size=1'))
      .list[0]!;
    await page.goto(`/article/${article.id}`);
    await expect(page.locator('main h1')).toHaveText(article.title);
    const body = (await page.locator('main .prose').innerText()).trim();
    expect(body.length).toBeGreaterThan(200);
    await page.goto('/');
    await expect(page.locator('#articles h3 a').first()).toBeVisible();
    await expect(page.locator('#data-download li').first()).toBeVisible();
  });
});

test('sitemap.xml and rss.xml are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const article = (await api<Paged<Article>>(request, '/api/article/list?page=1&size=1')).list[0]!;
  expect(await sitemap.text()).toContain(`/article/${article.id}</loc>`);
  const rss = await request.get('/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain('<rss version="2.0"');
  expect(rss.headers()['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
});

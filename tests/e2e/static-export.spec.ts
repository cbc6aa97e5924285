/**
 * Issue 25: the static export is a folder any CDN or bucket serves as it is. The demo is
 * exported (its own fresh database, the same build), the folder is served by a plain static
 * host (files and index.html, no rewrite, no query mapping), and every page reachable by links
 * from / is visited in Chromium: no link to a 404, no failed image, script or style, no CSP
 * violation, no page error. The same crawl on the app: no link to a 404.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/free-port.ts';
import { LIST_PAGE_SIZE } from '../../src/shared/constants.ts';
import { ADMIN, call, tokenFor } from './members-support.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { crawl, serveFolder } from './static-host.ts';
import { playMutedPast } from './media-support.ts';
import { DEMO_MEMBER, DEMO_PASSWORD, dismissNoticePopups, expectToast } from './support.ts';

const NODE = process.execPath;

/** Runs `npm run export`'s script to its end (however long it takes on a busy machine). */
function runExport(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, ['scripts/export.ts', ...(env.OUT ? ['--out', env.OUT] : [])], {
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

test('the export refuses to start without SITE_URL, saying so in Chinese and English', async () => {
  const env: Record<string, string> = { SITE_URL: '' };
  const { code, out } = await runExport(env);
  expect(code).toBe(1);
  expect(out).toContain('导出需要设置 SITE_URL');
  expect(out).toContain('The export needs SITE_URL');
});

test.describe('the demo exported and served by a plain static host', () => {
  // One export, then one crawl of every page: real work, not bounded by a clock.
  test.describe.configure({ mode: 'serial', timeout: 0 });
  let dir = '';
  let host: Awaited<ReturnType<typeof serveFolder>>;
  /** The instance behind the static pages (API_ORIGIN): the exported demo's own database. */
  let app: ServerProcess;

  test.beforeAll(async () => {
    // The export seeds a fresh demo and renders every page: real work, however long it takes.
    test.setTimeout(0);
    dir = mkdtempSync(join(tmpdir(), 'xxt-static-'));
    host = await serveFolder(join(dir, 'out', '127.0.0.1'));
    const apiPort = await freePort();
    const apiOrigin = `http://127.0.0.1:${apiPort}`;
    const { code, out } = await runExport({
      OUT: join(dir, 'out'),
      SITE_URL: host.url,
      // The app the pages send members to (downloads, checkout, the console, the API).
      API_ORIGIN: apiOrigin,
      DATABASE_URL: `file:${join(dir, 'demo.db')}`,
      XXT_MODE: 'demo',
      PORT: '0',
    });
    expect(code, out).toBe(0);
    // That app, on the exported demo's database: it answers the static pages' islands (CORS for
    // SITE_URL, the session cookie), and re-exports what changes into the same folder.
    app = await startServerProcess(
      'src/server/http/main.ts',
      {
        DATABASE_URL: `file:${join(dir, 'demo.db')}`,
        XXT_MODE: 'demo',
        SITE_URL: host.url,
        API_ORIGIN: apiOrigin,
        EXPORT_DIR: join(dir, 'out'),
      },
      { port: apiPort, ownRedis: true },
    );
  });

  test.afterAll(async () => {
    await app?.stop();
    await host?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the folder holds pages at path URLs, the headers manifest, and no console', async () => {
    const site = join(dir, 'out', '127.0.0.1');
    for (const f of ['index.html', 'articles/page/2/index.html', 'live/1/index.html', '_headers'])
      expect(existsSync(join(site, f)), f).toBe(true);
    expect(existsSync(join(site, 'q'))).toBe(false);
    expect(existsSync(join(site, 'admin'))).toBe(false);
    const home = readFileSync(join(site, 'index.html'), 'utf8');
    expect(home).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'/);
    expect(home).toContain(`<link rel="canonical" href="${host.url}/"`);
    // The console's bundle (dist/client/_astro/console/) is not published.
    expect(existsSync(join('dist', 'client', '_astro', 'console'))).toBe(true);
    expect(existsSync(join(site, '_astro', 'console'))).toBe(false);
    expect(readFileSync(join(site, '_headers'), 'utf8')).toContain(
      "Content-Security-Policy: frame-ancestors 'self'",
    );
  });

  test('every link from / works in Chromium: no 404, failed asset, CSP violation or error', async ({
    page,
  }) => {
    const report = await crawl(page, host.url);
    expect(report.pages).toBeGreaterThan(100);
    expect.soft(report.brokenLinks).toEqual([]);
    expect.soft(report.failedAssets).toEqual([]);
    expect.soft(report.cspViolations).toEqual([]);
    expect.soft(report.pageErrors).toEqual([]);
  });

  test('with no API behind the static pages, the login dialog says so instead of 网络错误', async ({
    page,
  }) => {
    await page.goto(`${host.url}/`);
    // As an export made without API_ORIGIN: the islands ask this host's own /api/, which it lacks.
    await page.evaluate(() => document.documentElement.removeAttribute('data-api'));
    await page.locator('[data-login]').first().click();
    const d = page.locator('dialog.login-dialog');
    await d.locator('#ld-mobile').fill('13800138001');
    await d.locator('#ld-password').fill('12345678');
    await d.getByRole('button', { name: '登录', exact: true }).click();
    await expectToast(page, '当前为静态页面，登录服务暂不可用');
  });

  test('with no API behind the static pages, the ads come from the export and rotate', async ({
    page,
  }) => {
    const site = join(dir, 'out', '127.0.0.1');
    const listed = JSON.parse(readFileSync(join(site, 'ads.json'), 'utf8')) as {
      roll_image_list: { type: number; imageUrl: string | null }[];
    };
    const carousel = listed.roll_image_list.filter((a) => a.type === 1);
    expect(carousel.length).toBeGreaterThan(1);
    // Every creative's image is in the export too.
    for (const ad of listed.roll_image_list)
      if (ad.imageUrl?.startsWith('/'))
        expect(existsSync(join(site, ad.imageUrl)), ad.imageUrl).toBe(true);
    // The API does not answer (as on a host without one).
    await page.route(/\/api\//, (route) => route.abort());
    await page.goto(`${host.url}/`);
    const slot = page.locator('[data-ad-slot="1"]');
    await expect(slot.locator('.ad-creative')).toHaveCount(carousel.length);
    const img = slot.locator('.ad-creative:not([hidden]) img').first();
    await expect(img).toBeVisible();
    expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(
      true,
    );
  });

  test('comments show their server-rendered count and list on the static page', async ({
    page,
  }) => {
    // The demo's comment on its LM317 article, found in the exported files.
    const text = '散热计算那部分很实用';
    const articles = join(dir, 'out', '127.0.0.1', 'article');
    const id = readdirSync(articles).find((n) =>
      readFileSync(join(articles, n, 'index.html'), 'utf8').includes(text),
    );
    expect(id).toBeDefined();
    await page.goto(`${host.url}/article/${id}`);
    const section = page.locator('section.comments');
    await expect(section.getByText(text)).toBeVisible();
    await expect(section.getByTestId('comment-count')).not.toHaveText('(0)');
  });

  test('with API_ORIGIN on an instance, members log in, comment, favourite and play lessons from the static pages', async ({
    browser,
    playwright,
  }) => {
    const site = join(dir, 'out', '127.0.0.1');
    const api = await playwright.request.newContext({ baseURL: app.url });
    const res = await api.get('/api/course/list?size=50&word=STM32F103');
    const courses = (await res.json()) as { data: { list: { id: number; title: string }[] } };
    const stm32 = courses.data.list.find((c) => c.title.startsWith('STM32F103 从零到项目'))!.id;
    await api.dispose();
    // Every page here is a file of the export: the static host has nothing else to give.
    expect(existsSync(join(site, 'course', String(stm32), 'index.html'))).toBe(true);
    const article = readdirSync(join(site, 'article'))[0]!;

    /** A member's own browser on the static host, watching what it is refused. */
    const member = async (mobile: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await dismissNoticePopups(page);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|CORS/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      const media: { url: string; status: number }[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/media/s/'))
          media.push({ url: r.url(), status: r.status() });
      });
      const login = async () => {
        await page.locator('[data-login]').first().click();
        await page.locator('#ld-mobile').fill(mobile);
        await page.locator('#ld-password').fill(DEMO_PASSWORD);
        // The page reloads itself after 登录成功 (after-login.ts): wait for that load.
        const reloaded = page.waitForEvent('load');
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await expectToast(page, '登录成功');
        await reloaded;
        await expect(page.locator('[data-header-user] details summary')).toBeVisible();
      };
      /** Plays the course's lesson `n` (0-based) past half a second; answers the media it took. */
      const play = async (n: number) => {
        media.length = 0;
        await page.locator('[data-play-lesson]').nth(n).click();
        const video = page.locator('[data-lesson-player="ready"] video');
        await expect(video).toBeAttached();
        await playMutedPast(video, 0.5);
        return [...media];
      };
      return { context, page, problems, login, play };
    };

    // A member who has not bought the course: logs in on the static page, comments, favourites.
    const m2 = await member('13800138002');
    await m2.page.goto(`${host.url}/article/${article}`);
    expect(new URL(m2.page.url()).origin).toBe(host.url);
    await m2.login();
    const comments = m2.page.getByRole('region', { name: '评论' });
    await comments.scrollIntoViewIfNeeded();
    await expect(comments).toHaveAttribute('data-ready', '1');
    await expect(m2.page.getByTestId('item-actions')).toHaveAttribute('data-ready', '1');
    await m2.page.getByRole('button', { name: '☆ 收藏' }).click();
    await expectToast(m2.page, '收藏成功');
    const text = '静态页面上发表的评论，接口在另一个源';
    await m2.page.getByLabel('评论内容').fill(text);
    await m2.page.getByRole('button', { name: '发表评论' }).click();
    await expectToast(m2.page, '评论成功');
    await expect(comments.locator('li').first()).toContainText(text);
    // Stored by the instance: a reload of the static file shows both from the API.
    await m2.page.reload();
    await m2.page.getByRole('region', { name: '评论' }).scrollIntoViewIfNeeded();
    await expect(m2.page.getByTestId('item-actions')).toHaveAttribute('data-ready', '1');
    await expect(m2.page.getByRole('button', { name: '★ 已收藏' })).toBeVisible();
    await expect(m2.page.getByRole('region', { name: '评论' })).toContainText(text);
    // The free preview lesson plays for that member; its media come from the instance.
    await m2.page.goto(`${host.url}/course/${stm32}`);
    const free = await m2.play(0);
    expect(free.some((m) => m.url.endsWith('.m4s'))).toBe(true);
    expect(free.filter((m) => !m.url.startsWith(`${app.url}/media/s/`))).toEqual([]);
    expect(free.filter((m) => m.status >= 300)).toEqual([]);
    expect(m2.problems).toEqual([]);
    await m2.context.close();

    // The buyer plays a lesson past the preview, granted to them, from the same static page.
    const m1 = await member(DEMO_MEMBER);
    await m1.page.goto(`${host.url}/course/${stm32}`);
    await m1.login();
    const paid = await m1.play(2);
    expect(paid.some((m) => m.url.endsWith('.m4s'))).toBe(true);
    // Granted to the member (a visitor's grant names member 0).
    expect(paid.some((m) => /\/media\/s\/[0-9a-z]+\.0\./.test(m.url))).toBe(false);
    expect(paid.filter((m) => !m.url.startsWith(`${app.url}/media/s/`))).toEqual([]);
    expect(paid.filter((m) => m.status >= 300)).toEqual([]);
    expect(m1.problems).toEqual([]);
    await m1.context.close();
  });

  test('an instance on the same EXPORT_DIR keeps the folder current: new pages, lists, removals', async ({
    playwright,
  }) => {
    const site = join(dir, 'out', '127.0.0.1');
    const api = await playwright.request.newContext({ baseURL: app.url });
    const admin = await tokenFor(api, ADMIN);
    const jobs = async () => {
      const body = await call<{
        list: { kind: string; status: string; lastError: string | null }[];
      }>(api, admin, 'get', '/api/admin/jobs', { kind: 'export.pages', size: '100' });
      return body.data.list;
    };
    // Each change queues its re-export with the change itself; wait until every one has run
    // (the worker takes them in order).
    const settled = async (before: number) => {
      expect((await jobs()).length, 'no re-export was queued').toBeGreaterThan(before);
      // The queue's rows, until none is waiting or running (a failed one fails the test).
      await expect
        .poll(
          async () => {
            const list = await jobs();
            expect(list.find((j) => j.status === 'failed')?.lastError ?? null).toBeNull();
            return list.filter((j) => j.status === 'pending' || j.status === 'running').length;
          },
          { timeout: 0 },
        )
        .toBe(0);
    };
    const classify = (
      await call<{ list: { id: number }[] }>(api, admin, 'get', '/api/article/classify')
    ).data.list;
    const { count } = (
      await call<{ count: number }>(api, admin, 'get', '/api/article/list', { size: '1' })
    ).data;
    const size = LIST_PAGE_SIZE.articles;
    const lastPage = Math.ceil(count / size);
    // Enough new articles for the whole list to grow by one page.
    const adding = lastPage * size - count + 1;
    const before = (await jobs()).length;
    const made: number[] = [];
    for (let i = 0; i < adding; i++) {
      const res = await call<{ id: number }>(api, admin, 'post', '/api/admin/article/create', {
        title: `增量导出测试文章 ${i + 1}`,
        classifyId: String(classify[0]!.id),
        authorName: '编辑部',
        summary: '检验静态导出随内容变化而更新。',
        contentDoc: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: '增量导出的正文。' }] }],
        }),
      });
      expect(res.message).toBe('成功');
      made.push(res.data.id);
    }
    await settled(before);
    const read = (path: string) => readFileSync(join(site, path, 'index.html'), 'utf8');
    const newest = made[made.length - 1]!;
    // The new article's own page, the first list page and home show it; the list's new page exists.
    expect(read(`article/${newest}`)).toContain(`增量导出测试文章 ${adding}`);
    expect(read('articles')).toContain(`/article/${newest}`);
    expect(read('')).toContain(`/article/${newest}`);
    expect(existsSync(join(site, 'articles', 'page', String(lastPage + 1), 'index.html'))).toBe(
      true,
    );
    // Deleted: its folder goes (no empty folder left), and the lists no longer link it.
    const beforeDelete = (await jobs()).length;
    const gone = await call(api, admin, 'post', '/api/admin/article/delete', {
      id: String(newest),
    });
    expect(gone.code).toBe(200);
    await settled(beforeDelete);
    expect(existsSync(join(site, 'article', String(newest)))).toBe(false);
    expect(read('articles')).not.toContain(`/article/${newest}"`);
    await api.dispose();
  });
});

test('the app: every link from / answers, none a 404', async ({ page, baseURL }) => {
  test.setTimeout(0);
  const report = await crawl(page, baseURL!);
  expect(report.pages).toBeGreaterThan(100);
  expect(report.brokenLinks).toEqual([]);
});

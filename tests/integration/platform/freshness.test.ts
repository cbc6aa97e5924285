/**
 * Freshness (issue 3): an admin's new, edited or deleted article, course or
 * notice drops every cached page showing it from the real page store, at
 * once, and the next render reads the change; unrelated pages stay cached.
 * Also the access of the editorial calls and their Chinese errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { articleTags } from '../../../src/server/cache/tags.ts';
import { contentSlotAds } from '../../../src/components/ads/content-ads.ts';
import { loadLayoutShell } from '../../../src/layouts/layout-shell.ts';
import { loadArticlePage } from '../../../src/pages/_components/articles/article-page.ts';
import { pageMemo } from '../../../src/server/page.ts';
import {
  getArticle,
  listArticles,
  listIndexArticles,
} from '../../../src/server/services/articles/index.ts';
import { getCourseDetail, listCourses } from '../../../src/server/services/courses/index.ts';
import { listNotices } from '../../../src/server/services/site/index.ts';
import { search } from '../../../src/server/services/search/index.ts';
import { FILTER_TYPE } from '../../../src/shared/constants.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
let member: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  member = await rt.tokenFor(DEMO.members[0]);
});
afterAll(async () => {
  await rt.close();
});

const HOST = 'freshness.test';
/** Caches a page in the real store with the tags its .astro file sets. */
async function cachePage(path: string, tags: string[]): Promise<string> {
  const key = `${HOST}${path}`;
  await pageStore().put(key, {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.from(`<html>${path}</html>`),
    maxAge: 60,
    swr: 600,
    tags: ['site', ...tags],
  });
  return key;
}
const cached = (key: string) => pageStore().get(key) !== undefined;

beforeEach(() => pageStore().clear());

async function firstClassify(): Promise<number> {
  const c = await rt.db
    .selectFrom('article_classifies')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return c.id;
}

describe('article freshness', () => {
  it('a new article drops the home page and article list and appears in them and in search', async () => {
    const home = await cachePage('/', ['page:home', 'list:articles']);
    const list = await cachePage('/articlelist', ['list:articles', 'article:1']);
    const other = await cachePage('/learningtools', ['list:tools']);
    const res = await rt.post<{ id: number }>(
      '/api/admin/article/create',
      {
        title: 'STM32H7 双核启动流程详解',
        classifyId: String(await firstClassify()),
        summary: '从复位到双核同步',
        content: '第一段：复位向量。\n\n第二段：<b>不是标签</b>',
        authorName: '编辑部',
      },
      admin,
    );
    expect(res.body).toMatchObject({ code: 200, message: '成功' });
    const id = res.body.data.id;
    expect(cached(home)).toBe(false);
    expect(cached(list)).toBe(false);
    expect(cached(other)).toBe(true);
    const newest = await listIndexArticles(rt.deps, FILTER_TYPE.newest, 8);
    expect(newest[0]).toMatchObject({ id, title: 'STM32H7 双核启动流程详解' });
    const article = await getArticle(rt.deps, id);
    expect(article?.content).toBe(
      '<p>第一段：复位向量。</p><p>第二段：&lt;b&gt;不是标签&lt;/b&gt;</p>',
    );
    const found = await search(rt.deps, { word: 'STM32H7', page: 1, size: 10 });
    expect(found.list.map((h) => h.id)).toContain(id);
  });

  it('an edit drops the article page and every list showing it, and the new title is served', async () => {
    const id = 1;
    const page = await cachePage(`/article/${id}`, [`article:${id}`]);
    const neighbour = await cachePage('/article/2', ['article:2', `article:${id}`]);
    const home = await cachePage('/', ['page:home', 'list:articles']);
    const res = await rt.post(
      '/api/admin/article/update',
      { id: String(id), title: '已修改的标题 LM317' },
      admin,
    );
    expect(res.body.code).toBe(200);
    for (const key of [page, neighbour, home]) expect(cached(key)).toBe(false);
    expect((await getArticle(rt.deps, id))?.title).toBe('已修改的标题 LM317');
    const found = await search(rt.deps, { word: '已修改', page: 1, size: 10 });
    expect(found.list[0]?.id).toBe(id);
  });

  it('a delete drops its pages; the article is gone from detail, lists and search', async () => {
    const id = 2;
    const page = await cachePage(`/article/${id}`, [`article:${id}`]);
    const title = (await getArticle(rt.deps, id))!.title;
    const res = await rt.post('/api/admin/article/delete', { id: String(id) }, admin);
    expect(res.body.code).toBe(200);
    expect(cached(page)).toBe(false);
    expect(await getArticle(rt.deps, id)).toBeNull();
    const found = await search(rt.deps, { word: title, page: 1, size: 50 });
    expect(found.list.map((h) => h.type === 'article' && h.id)).not.toContain(id);
    const again = await rt.post('/api/admin/article/delete', { id: String(id) }, admin);
    expect(again.body).toEqual({ code: 404, message: '文章不存在', data: null });
  });
});

describe("a list's kept count (fragments)", () => {
  /** The list page's call: the count kept between its pages, dropped with the list's tag. */
  const countOnPage = async (classifyId?: number) =>
    (
      await listArticles(
        rt.deps,
        { page: 2, size: 5, type: FILTER_TYPE.newest, classifyId },
        pageMemo(rt.deps, [articleTags.list]),
      )
    ).count;
  const countNow = async (classifyId?: number) =>
    (await listArticles(rt.deps, { page: 1, size: 1, type: FILTER_TYPE.hot, classifyId })).count;

  it('is shared by every page and order of a list, and a published article drops it', async () => {
    const classifyId = await firstClassify();
    const before = await countOnPage(classifyId);
    expect(before).toBe(await countNow(classifyId));
    const res = await rt.post(
      '/api/admin/article/create',
      {
        title: '保留计数的失效',
        classifyId: String(classifyId),
        content: '正文。',
        authorName: '编辑部',
      },
      admin,
    );
    expect(res.body.code).toBe(200);
    expect(await countOnPage(classifyId)).toBe(before + 1);
  });

  it('is kept until an invalidation of its tag, also one made by another instance', async () => {
    const before = await countOnPage();
    // Another instance's write: this process learns of it only through the fan-out.
    const at = new Date(rt.deps.clock.now().getTime() - 60_000).toISOString();
    await rt.db
      .insertInto('articles')
      .values({
        classify_id: await firstClassify(),
        title: '另一台实例写入的文章',
        summary: '',
        content: '<p>正文。</p>',
        author_name: '编辑部',
        status: 'published',
        recommended: 0,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await countNow()).toBe(before + 1);
    expect(await countOnPage()).toBe(before);
    // As cache/fanout.ts applies a published invalidation: not published again.
    pageStore().invalidate({ tags: [articleTags.list] }, { broadcast: false });
    expect(await countOnPage()).toBe(before + 1);
  });
});

describe("the shell's and the article page's shared parts (fragments)", () => {
  it('the shell ads, the content ads and the side list are kept, and a change shows at once', async () => {
    const articleId = (await listArticles(rt.deps, { page: 1, size: 1, type: FILTER_TYPE.newest }))
      .list[0]!.id;
    const shellAds = async () => (await loadLayoutShell(rt.deps)).ads.map((a) => a.title);
    const rightAds = async () => (await contentSlotAds(rt.deps, 'right')).map((a) => a.title);
    const side = async () =>
      (await loadArticlePage(rt.deps, articleId))!.sideRecommended.map((a) => a.title);
    const [shellBefore, rightBefore, sideBefore] = [
      await shellAds(),
      await rightAds(),
      await side(),
    ];
    // Kept: the same objects while nothing changed.
    expect(await loadLayoutShell(rt.deps).then((s) => s.ads)).toBe(
      await loadLayoutShell(rt.deps).then((s) => s.ads),
    );
    for (const [type, title] of [
      ['2', '顶部通栏：新版电源设计课'],
      ['90', '文章右侧：示波器选型指南'],
    ] as const) {
      const made = await rt.post(
        '/api/admin/ad/create',
        { type, adType: '1', title, imageUrl: '/ads/banner-power.svg', displayOrder: '0' },
        admin,
      );
      expect(made.body.code, made.body.message).toBe(200);
    }
    expect(await shellAds()).toEqual(
      expect.arrayContaining([...shellBefore, '顶部通栏：新版电源设计课']),
    );
    expect(await rightAds()).toEqual(
      expect.arrayContaining([...rightBefore, '文章右侧：示波器选型指南']),
    );
    const res = await rt.post(
      '/api/admin/article/create',
      {
        title: '推荐阅读的失效',
        classifyId: String(await firstClassify()),
        content: '正文。',
        authorName: '编辑部',
        recommended: '1',
      },
      admin,
    );
    expect(res.body.code, res.body.message).toBe(200);
    const after = await side();
    expect(after[0]).toBe('推荐阅读的失效');
    expect(after).not.toEqual(sideBefore);
  });
});

describe('course and notice freshness', () => {
  it('a course edit drops its page, the course lists and the home page', async () => {
    const course = (await listCourses(rt.deps, { page: 1, size: 1 })).list[0]!;
    const page = await cachePage(`/course/${course.id}`, [`course:${course.id}`]);
    const list = await cachePage('/courselist', ['list:courses']);
    const home = await cachePage('/', ['page:home']);
    const res = await rt.post(
      '/api/admin/course/update',
      { id: String(course.id), title: '新版 FPGA 入门' },
      admin,
    );
    expect(res.body.code).toBe(200);
    for (const key of [page, list, home]) expect(cached(key)).toBe(false);
    expect((await getCourseDetail(rt.deps, course.id, null))?.title).toBe('新版 FPGA 入门');
  });

  it('unpublishing a course takes it off its page; a new course appears first in the list', async () => {
    const column = await rt.db
      .selectFrom('classifies')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const created = await rt.post<{ id: number }>(
      '/api/admin/course/create',
      {
        classifyId: String(column.id),
        title: '电源完整性实战',
        description: '讲义',
        teacher: '王工',
        type: '1',
        priceCents: '0',
      },
      admin,
    );
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect((await listCourses(rt.deps, { page: 1, size: 1 })).list[0]?.id).toBe(id);
    const page = await cachePage(`/course/${id}`, [`course:${id}`]);
    await rt.post('/api/admin/course/update', { id: String(id), published: '0' }, admin);
    expect(cached(page)).toBe(false);
    expect(await getCourseDetail(rt.deps, id, null)).toBeNull();
    const del = await rt.post('/api/admin/course/delete', { id: String(id) }, admin);
    expect(del.body.code).toBe(200);
    expect(
      await rt.db.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a notice is created, edited and deleted, dropping the notice tags each time', async () => {
    const category = await rt.db
      .selectFrom('notice_categories')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const list = await cachePage('/notification', ['list:notices']);
    const created = await rt.post<{ id: number }>(
      '/api/admin/notice/create',
      { categoryId: String(category.id), title: '系统维护通知', content: '今晚维护' },
      admin,
    );
    expect(created.body.code).toBe(200);
    expect(cached(list)).toBe(false);
    const id = created.body.data.id;
    expect((await listNotices(rt.deps, { page: 1, size: 5 })).list[0]).toMatchObject({
      id,
      title: '系统维护通知',
    });
    await rt.post('/api/admin/notice/update', { id: String(id), title: '维护已延期' }, admin);
    expect((await listNotices(rt.deps, { page: 1, size: 5 })).list[0]?.title).toBe('维护已延期');
    await rt.post('/api/admin/notice/delete', { id: String(id) }, admin);
    expect((await listNotices(rt.deps, { page: 1, size: 5 })).list.map((n) => n.id)).not.toContain(
      id,
    );
  });
});

describe('editorial calls: access and bad input', () => {
  it('refuses visitors and members and changes nothing', async () => {
    const before = await rt.db
      .selectFrom('articles')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const form = { title: 'x', classifyId: '1', content: 'y', authorName: 'z' };
    expect((await rt.post('/api/admin/article/create', form)).body).toEqual({
      code: 401,
      message: '请先登录',
      data: null,
    });
    expect((await rt.post('/api/admin/article/create', form, member)).body).toEqual({
      code: 403,
      message: '没有权限执行此操作',
      data: null,
    });
    const after = await rt.db
      .selectFrom('articles')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers bad input with a Chinese message', async () => {
    const classifyId = String(await firstClassify());
    const noTitle = await rt.post(
      '/api/admin/article/create',
      { title: ' ', classifyId, content: 'y', authorName: 'z' },
      admin,
    );
    expect(noTitle.body).toEqual({ code: 400, message: '请输入标题（不超过100个字）', data: null });
    const badClassify = await rt.post(
      '/api/admin/article/create',
      { title: 't', classifyId: '999999', content: 'y', authorName: 'z' },
      admin,
    );
    expect(badClassify.body).toEqual({ code: 400, message: '文章分类不存在', data: null });
    const badType = await rt.post('/api/admin/course/update', { id: '1', type: '9' }, admin);
    expect(badType.body).toEqual({ code: 400, message: '课程类型无效', data: null });
    const missing = await rt.post('/api/admin/course/update', { id: '999999', title: 't' }, admin);
    expect(missing.body).toEqual({ code: 404, message: '课程不存在', data: null });
  });
});

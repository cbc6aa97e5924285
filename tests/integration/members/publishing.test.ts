/**
 * Member publishing end to end through the API: submit (sanitised, pending,
 * invisible), edit, admin review (public page, list and search follow), the
 * owner-only delete and its GET form that needs an Authorization header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../src/shared/constants.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let a: string;
let admin: string;
let classifyId: number;
beforeAll(async () => {
  rt = await createTestRuntime();
  a = await rt.tokenFor(DEMO.members[0]);
  admin = await rt.tokenFor(DEMO.admin);
  const c = await rt.db
    .selectFrom('article_classifies')
    .select('id')
    .where('parent_id', 'is not', null)
    .executeTakeFirstOrThrow();
  classifyId = c.id;
});
afterAll(async () => {
  await rt.close();
});

const BODY =
  '<h2>引言</h2><p onclick="alert(1)">正文<script>window.__xss=1</script></p>' +
  '<pre><code class="language-c evil">int x;</code></pre><a href="javascript:alert(1)">坏链接</a>' +
  '<img src="/uploads/a.png" onerror="alert(1)">';

describe('saveArticle and review', () => {
  let id: number;

  it('stores a sanitised submission that waits for review', async () => {
    const res = await rt.post<{ id: number }>(
      '/api/article/saveArticle',
      { title: '  我的第一篇 ', content: BODY, classifyId: String(classifyId) },
      a,
    );
    expect(res.body).toMatchObject({ code: 200, message: '提交成功，等待审核' });
    id = res.body.data.id;
    const row = await rt.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: '我的第一篇', status: 'pending', published_at: null });
    expect(row.second_classify_id).toBe(classifyId);
    expect(row.content).toBe(
      '<h2>引言</h2><p>正文</p><pre><code class="language-c">int x;</code></pre>' +
        '<a rel="nofollow noopener noreferrer">坏链接</a><img src="/uploads/a.png" />',
    );
    expect((await rt.get(`/api/article/detail?id=${id}`)).body.code).toBe(404);
    const mine = await rt.get<{ list: { id: number; statusText: string }[]; count: number }>(
      '/api/article/user/articleList?page=1&size=10',
      a,
    );
    expect(mine.body.data.list[0]).toMatchObject({ id, statusText: '审核中' });
  });

  it('rejects empty titles, empty bodies and unknown classifies, storing nothing', async () => {
    const before = await rt.db.selectFrom('articles').select('id').execute();
    const cases: [Record<string, string>, string][] = [
      [{ title: ' ', content: '<p>x</p>', classifyId: String(classifyId) }, '请输入文章标题'],
      [
        { title: 't'.repeat(101), content: '<p>x</p>', classifyId: String(classifyId) },
        '标题不能超过100个字',
      ],
      [
        { title: '标题', content: '<script>x</script>', classifyId: String(classifyId) },
        '请输入文章正文',
      ],
      [{ title: '标题', content: '<p>x</p>', classifyId: '999999' }, '请选择文章分类'],
    ];
    for (const [form, message] of cases) {
      expect((await rt.post('/api/article/saveArticle', form, a)).body).toMatchObject({
        code: 400,
        message,
      });
    }
    expect(await rt.db.selectFrom('articles').select('id').execute()).toHaveLength(before.length);
  });

  it('lets only an admin approve; approval publishes, invalidates and indexes', async () => {
    const member = await rt.post('/api/admin/article/review', { id: String(id), approve: '1' }, a);
    expect(member.body.code).toBe(403);
    const pending = await rt.get<{ list: { id: number }[] }>('/api/admin/article/pending', admin);
    expect(pending.body.data.list.map((p) => p.id)).toContain(id);
    rt.invalidated.length = 0;
    const ok = await rt.post('/api/admin/article/review', { id: String(id), approve: '1' }, admin);
    expect(ok.body).toMatchObject({ code: 200, data: { id, status: 'published' } });
    expect(rt.invalidated.flat()).toEqual(
      expect.arrayContaining([`article:${id}`, 'list:articles']),
    );
    const detail = await rt.get<{ detail: { title: string } }>(`/api/article/detail?id=${id}`);
    expect(detail.body.data.detail.title).toBe('我的第一篇');
    const found = await rt.get<{ list: { id: number }[] }>(
      `/api/index/search?word=${encodeURIComponent('我的第一篇')}&type=article`,
    );
    expect(found.body.data.list.map((h) => h.id)).toContain(id);
    const again = await rt.post(
      '/api/admin/article/review',
      { id: String(id), approve: '1' },
      admin,
    );
    expect(again.body).toMatchObject({ code: 400, message: '该文章不在待审核状态' });
  });

  it('sends an edited article back to review and out of public view', async () => {
    const res = await rt.post(
      '/api/article/saveArticle',
      {
        id: String(id),
        title: '改过的标题',
        content: '<p>新正文</p>',
        classifyId: String(classifyId),
      },
      a,
    );
    expect(res.body).toMatchObject({ code: 200, data: { id } });
    expect((await rt.get(`/api/article/detail?id=${id}`)).body.code).toBe(404);
    await rt.post(
      '/api/admin/article/review',
      { id: String(id), approve: '0', note: '请补充图片' },
      admin,
    );
    const mine = await rt.get<{ list: { id: number; statusText: string; reviewNote: string }[] }>(
      '/api/article/user/articleList',
      a,
    );
    expect(mine.body.data.list.find((x) => x.id === id)).toMatchObject({
      statusText: '未通过',
      reviewNote: '请补充图片',
    });
  });

  it('deletes by POST, and by GET only with an Authorization header', async () => {
    const res = await rt.app.request(`/api/article/deleteById?id=${id}`, {
      headers: { cookie: `${SESSION_COOKIE}=${a}` },
    });
    expect(await res.json()).toMatchObject({ code: 403, message: '请使用 POST 请求删除文章' });
    expect(
      await rt.db.selectFrom('articles').select('id').where('id', '=', id).execute(),
    ).toHaveLength(1);
    const del = await rt.get(`/api/article/deleteById?id=${id}`, a);
    expect(del.body).toMatchObject({ code: 200, message: '删除成功' });
    expect(
      await rt.db.selectFrom('articles').select('id').where('id', '=', id).execute(),
    ).toHaveLength(0);
    const second = await rt.post('/api/article/deleteById', { id: String(id) }, a);
    expect(second.body.code).toBe(404);
  });
});

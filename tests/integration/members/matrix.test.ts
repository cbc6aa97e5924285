/**
 * The access matrix of issue 5: member B can read, change or delete none of
 * member A's items (articles, comments, favourites, likes, notices,
 * completions) through any endpoint, and a visitor can use none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let a: string;
let b: string;
let aId: number;
let articleId: number;
let publicArticle: number;
let commentId: number;
let noticeId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  a = await rt.tokenFor(DEMO.members[0]);
  b = await rt.tokenFor(DEMO.members[1]);
  aId = await rt.userId(DEMO.members[0]);
  const cls = await rt.db.selectFrom('article_classifies').select('id').executeTakeFirstOrThrow();
  const saved = await rt.post<{ id: number }>(
    '/api/article/saveArticle',
    { title: 'A 的草稿', content: '<p>A 的正文</p>', classifyId: String(cls.id) },
    a,
  );
  articleId = saved.body.data.id;
  const pub = await rt.db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  publicArticle = pub.id;
  const t = { targetType: 'article', targetId: String(publicArticle) };
  commentId = (await rt.post<{ id: number }>('/api/comment/add', { ...t, content: 'A 的评论' }, a))
    .body.data.id;
  await rt.post('/api/favorite/add', t, a);
  await rt.post('/api/laud/add', t, a);
  const cat = await rt.db.selectFrom('notice_categories').select('id').executeTakeFirstOrThrow();
  const now = rt.clock.now().toISOString();
  noticeId = (
    await rt.db
      .insertInto('notices')
      .values({
        category_id: cat.id,
        title: '只给 A 的通知',
        content: '<p>私人内容</p>',
        popup: 1,
        user_id: aId,
        published_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

const json = (v: unknown) => JSON.stringify(v);

describe('member B against member A', () => {
  it('reads none of A’s articles, favourites, likes, notices or completions', async () => {
    const lists = [
      '/api/article/user/articleList?size=100',
      '/api/favorite/list?size=100',
      '/api/favorite/category',
      '/api/notice/user/list?size=100',
      '/api/notice/qryUserNotice',
      '/api/complete/list?size=100',
    ];
    for (const path of lists) {
      const res = await rt.get(path, b);
      expect(res.body.code, path).toBe(200);
      expect(json(res.body.data), path).not.toMatch(/A 的草稿|只给 A 的通知|私人内容/);
    }
    const favs = await rt.get<{ list: { targetId: number }[] }>('/api/favorite/list?size=100', b);
    expect(favs.body.data.list.map((f) => f.targetId)).not.toContain(publicArticle);
    const state = await rt.get<{ favorite: number; lauded: number }>(
      `/api/favorite/state?targetType=article&targetId=${publicArticle}`,
      b,
    );
    expect(state.body.data).toMatchObject({ favorite: 0, lauded: 0 });
    expect((await rt.get(`/api/article/user/detail?id=${articleId}`, b)).body.code).toBe(404);
    const comments = await rt.get<{ list: { id: number; mine: boolean }[] }>(
      `/api/comment/list?targetType=article&targetId=${publicArticle}&size=100`,
      b,
    );
    expect(comments.body.data.list.find((c) => c.id === commentId)?.mine).toBe(false);
    // A's own view shows all of it, so the checks above could fail.
    const own = await rt.get('/api/article/user/articleList', a);
    expect(json(own.body.data)).toContain('A 的草稿');
    expect(json((await rt.get('/api/notice/user/list', a)).body.data)).toContain('只给 A 的通知');
  });

  it('changes and deletes none of A’s items', async () => {
    const cls = await rt.db.selectFrom('article_classifies').select('id').executeTakeFirstOrThrow();
    const attempts: [string, Record<string, string>][] = [
      [
        '/api/article/saveArticle',
        { id: String(articleId), title: 'B 改的', content: '<p>x</p>', classifyId: String(cls.id) },
      ],
      ['/api/article/deleteById', { id: String(articleId) }],
      ['/api/comment/delete', { id: String(commentId) }],
      ['/api/notice/delete', { id: String(noticeId) }],
    ];
    for (const [path, form] of attempts) {
      expect((await rt.post(path, form, b)).body, path).toMatchObject({ code: 404 });
    }
    expect((await rt.get(`/api/article/deleteById?id=${articleId}`, b)).body.code).toBe(404);
    // B removing "their" favourite of the item leaves A's in place.
    await rt.post(
      '/api/favorite/delete',
      { targetType: 'article', targetId: String(publicArticle) },
      b,
    );

    const article = await rt.db
      .selectFrom('articles')
      .select(['title', 'user_id'])
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    expect(article).toEqual({ title: 'A 的草稿', user_id: aId });
    const rows = async (table: 'comments' | 'favorites' | 'lauds') =>
      (await rt.db.selectFrom(table).select('id').where('user_id', '=', aId).execute()).length;
    expect(await rows('comments')).toBeGreaterThan(0);
    expect(await rows('favorites')).toBeGreaterThan(0);
    expect(await rows('lauds')).toBeGreaterThan(0);
    const receipt = await rt.db
      .selectFrom('notice_receipts')
      .select('deleted_at')
      .where('notice_id', '=', noticeId)
      .execute();
    expect(receipt.every((r) => r.deleted_at === null)).toBe(true);
    const popup = await rt.get<{ notices: { title: string }[] }>('/api/notice/qryUserNotice', a);
    expect(popup.body.data.notices.map((n) => n.title)).toContain('只给 A 的通知');
  });

  it('lets a visitor use none of the member endpoints', async () => {
    const gets = [
      '/api/article/user/articleList',
      `/api/article/user/detail?id=${articleId}`,
      '/api/favorite/list',
      '/api/favorite/category',
      '/api/favorite/state?targetType=article&targetId=1',
      '/api/notice/qryUserNotice',
      '/api/notice/user/list',
      '/api/complete/list',
      `/api/article/deleteById?id=${articleId}`,
    ];
    for (const path of gets) expect((await rt.get(path)).body.code, path).toBe(401);
    const posts = [
      '/api/article/saveArticle',
      '/api/article/deleteById',
      '/api/comment/add',
      '/api/comment/delete',
      '/api/favorite/add',
      '/api/favorite/delete',
      '/api/laud/add',
      '/api/notice/delete',
      '/api/notice/popup/seen',
      '/api/admin/article/review',
    ];
    for (const path of posts)
      expect((await rt.post(path, { id: String(articleId) })).body.code, path).toBe(401);
  });
});

describe('notices', () => {
  it('pops a notice up until the member closes it, and hides deleted ones', async () => {
    const c = await rt.tokenFor(DEMO.members[2]);
    const first = await rt.get<{ notices: { id: number; title: string; content: string }[] }>(
      '/api/notice/qryUserNotice',
      c,
    );
    expect(first.body.data.notices.length).toBeGreaterThan(0);
    // Asking is a read: a second tab, or a reload, shows the same ones.
    const again = await rt.get<{ notices: unknown[] }>('/api/notice/qryUserNotice', c);
    expect(again.body.data.notices).toEqual(first.body.data.notices);
    // Closed (我知道了), each pops up no more; closing twice is the same.
    for (const n of first.body.data.notices) {
      expect((await rt.post('/api/notice/popup/seen', { id: String(n.id) }, c)).body.code).toBe(
        200,
      );
      expect((await rt.post('/api/notice/popup/seen', { id: String(n.id) }, c)).body.code).toBe(
        200,
      );
    }
    const second = await rt.get<{ notices: unknown[] }>('/api/notice/qryUserNotice', c);
    expect(second.body.data.notices).toEqual([]);
    const popupIds = first.body.data.notices.map((n) => n.id);
    expect(popupIds).not.toContain(noticeId);

    const list = await rt.get<{ list: { id: number }[]; count: number }>(
      '/api/notice/user/list?size=100',
      c,
    );
    const target = list.body.data.list[0]!.id;
    const del = await rt.post('/api/notice/delete', { id: String(target) }, c);
    expect(del.body).toMatchObject({ code: 200, message: '删除成功' });
    const after = await rt.get<{ list: { id: number }[]; count: number }>(
      '/api/notice/user/list?size=100',
      c,
    );
    expect(after.body.data.count).toBe(list.body.data.count - 1);
    expect(after.body.data.list.map((n) => n.id)).not.toContain(target);
    // Another member still sees it.
    const other = await rt.get<{ list: { id: number }[] }>('/api/notice/user/list?size=100', b);
    expect(other.body.data.list.map((n) => n.id)).toContain(target);
  });
});

/**
 * Comments, favourites and likes through the real app on a seeded database:
 * the exact spec 8 messages, stored rows, newest-first pagination with the
 * count, the length and flood limits, and one like / favourite per member
 * per item under concurrent requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let a: string;
let b: string;
let articleId: number;
beforeAll(async () => {
  rt = await createTestRuntime();
  a = await rt.tokenFor(DEMO.members[0]);
  b = await rt.tokenFor(DEMO.members[1]);
  const row = await rt.db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  articleId = row.id;
});
afterAll(async () => {
  await rt.close();
});

interface Comment {
  id: number;
  content: string;
  userName: string;
  mine: boolean;
}

describe('comments', () => {
  it('adds a comment with 评论成功 and lists it first, with the count', async () => {
    const target = { targetType: 'article', targetId: String(articleId) };
    const before = await rt.get<{ count: number }>(
      `/api/comment/list?targetType=article&targetId=${articleId}&page=1&size=5`,
    );
    const res = await rt.post(
      '/api/comment/add',
      { ...target, content: '  讲得很清楚 <b>x</b> ' },
      a,
    );
    expect(res.body).toMatchObject({ code: 200, message: '评论成功' });
    const list = await rt.get<{ list: Comment[]; count: number }>(
      `/api/comment/list?targetType=article&targetId=${articleId}&page=1&size=5`,
      a,
    );
    expect(list.body.data.count).toBe(before.body.data.count + 1);
    expect(list.body.data.list[0]).toMatchObject({ content: '讲得很清楚 <b>x</b>', mine: true });
    const stored = await rt.db
      .selectFrom('comments')
      .select('content')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('讲得很清楚 <b>x</b>');
  });

  it('refuses visitors, empty and over-long comments, and unknown items', async () => {
    const t = { targetType: 'article', targetId: String(articleId) };
    expect((await rt.post('/api/comment/add', { ...t, content: 'hi' })).body).toMatchObject({
      code: 401,
      message: '请先登录',
    });
    expect((await rt.post('/api/comment/add', { ...t, content: '   ' }, b)).body.message).toBe(
      '评论内容不能为空',
    );
    expect(
      (await rt.post('/api/comment/add', { ...t, content: '长'.repeat(501) }, b)).body.message,
    ).toBe('评论不能超过500个字');
    expect(
      (
        await rt.post(
          '/api/comment/add',
          { targetType: 'article', targetId: '999999', content: 'x' },
          b,
        )
      ).body,
    ).toMatchObject({ code: 404, message: '评论失败' });
    expect(
      (await rt.post('/api/comment/add', { targetType: 'book', targetId: '1', content: 'x' }, b))
        .body.code,
    ).toBe(400);
  });

  it('holds a member to 5 comments a minute', async () => {
    const c = await rt.tokenFor(DEMO.members[2]);
    const t = { targetType: 'article', targetId: String(articleId) };
    for (let i = 0; i < 5; i++) {
      expect((await rt.post('/api/comment/add', { ...t, content: `第${i}条` }, c)).body.code).toBe(
        200,
      );
    }
    const sixth = await rt.post('/api/comment/add', { ...t, content: '第6条' }, c);
    expect(sixth.body.code).toBe(429);
    expect(sixth.body.message).toMatch(/^评论太频繁，请\d+秒后再试$/);
    rt.clock.advance(61_000);
    expect((await rt.post('/api/comment/add', { ...t, content: '一分钟后' }, c)).body.code).toBe(
      200,
    );
  });

  it('pages newest first', async () => {
    const p1 = await rt.get<{ list: Comment[]; count: number; size: number }>(
      `/api/comment/list?targetType=article&targetId=${articleId}&page=1&size=2`,
    );
    const p2 = await rt.get<{ list: Comment[] }>(
      `/api/comment/list?targetType=article&targetId=${articleId}&page=2&size=2`,
    );
    expect(p1.body.data.list).toHaveLength(2);
    expect(p1.body.data.list[0]!.content).toBe('一分钟后');
    expect(p2.body.data.list[0]!.id).toBeLessThan(p1.body.data.list[1]!.id);
  });
});

describe('favourites and likes', () => {
  const t = () => ({ targetType: 'article', targetId: String(articleId) });

  it('favourites and un-favourites with the spec messages and state', async () => {
    await rt.post('/api/favorite/delete', t(), b);
    const add = await rt.post('/api/favorite/add', t(), b);
    expect(add.body).toEqual({ code: 200, message: '收藏成功', data: { favorite: 1 } });
    const state = await rt.get(`/api/favorite/state?targetType=article&targetId=${articleId}`, b);
    expect(state.body.data).toMatchObject({ favorite: 1 });
    const cats = await rt.get<{ list: { targetType: string; count: number }[] }>(
      '/api/favorite/category',
      b,
    );
    expect(cats.body.data.list.find((c) => c.targetType === 'article')!.count).toBeGreaterThan(0);
    const list = await rt.get<{ list: { targetId: number; url: string }[] }>(
      '/api/favorite/list?targetType=article&page=1&size=50',
      b,
    );
    expect(list.body.data.list.map((f) => f.targetId)).toContain(articleId);
    const del = await rt.post('/api/favorite/delete', t(), b);
    expect(del.body).toEqual({ code: 200, message: '取消收藏成功', data: { favorite: 0 } });
    expect(
      (await rt.post('/api/favorite/add', { targetType: 'course', targetId: '999999' }, b)).body,
    ).toMatchObject({ code: 404, message: '收藏失败' });
    expect(
      (await rt.post('/api/favorite/delete', { targetType: 'x', targetId: '1' }, b)).body.code,
    ).toBe(400);
  });

  it('keeps one favourite and one like per member per item under concurrent requests', async () => {
    const c = await rt.tokenFor(DEMO.members[2]);
    const video = await rt.db
      .selectFrom('videos')
      .select(['id', 'laud_count'])
      .executeTakeFirstOrThrow();
    const vt = { targetType: 'video', targetId: String(video.id) };
    const favs = await Promise.all(
      Array.from({ length: 8 }, () => rt.post('/api/favorite/add', vt, c)),
    );
    const lauds = await Promise.all(
      Array.from({ length: 8 }, () => rt.post('/api/laud/add', vt, c)),
    );
    expect(favs.every((r) => r.body.code === 200 && r.body.message === '收藏成功')).toBe(true);
    expect(lauds.every((r) => r.body.code === 200)).toBe(true);
    const userId = await rt.userId(DEMO.members[2]);
    const count = async (table: 'favorites' | 'lauds') =>
      (
        await rt.db
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', userId)
          .where('target_type', '=', 'video')
          .where('target_id', '=', video.id)
          .execute()
      ).length;
    expect(await count('favorites')).toBe(1);
    expect(await count('lauds')).toBe(1);
    const after = await rt.db
      .selectFrom('videos')
      .select('laud_count')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(after.laud_count).toBe(video.laud_count + 1);
    expect(lauds[0]!.body.data).toMatchObject({ isLaud: 1, laudCount: video.laud_count + 1 });
  });

  it('asks visitors to log in', async () => {
    for (const path of ['/api/favorite/add', '/api/laud/add']) {
      expect((await rt.post(path, t())).body).toMatchObject({ code: 401, message: '请先登录' });
    }
    expect((await rt.get('/api/favorite/list')).body.code).toBe(401);
  });
});

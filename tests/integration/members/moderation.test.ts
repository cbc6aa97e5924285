/**
 * Community moderation (issue 12): moderators hide, show and delete comments;
 * a word list holds matching comments for review (their author still sees
 * them); members are banned from commenting for a time, disabled (no login,
 * sessions ended) or signed out; staff accounts are out of reach; editors
 * are refused the section. Each change is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { commentTags } from '../../../src/server/cache/tags.ts';

let rt: TestRuntime;
let moderator: string;
let editor: string;
let articleId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  moderator = await rt.tokenFor('13800138005');
  editor = await rt.tokenFor('13800138004');
  articleId = (
    await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

interface Listed {
  id: number;
  content: string;
  held?: boolean;
}
const publicList = async (token?: string) =>
  (
    await rt.get<{ list: Listed[] }>(
      `/api/comment/list?targetType=article&targetId=${articleId}&page=1&size=50`,
      token,
    )
  ).body.data.list;
const comment = (token: string, content: string) =>
  rt.post<Listed>(
    '/api/comment/add',
    { targetType: 'article', targetId: String(articleId), content },
    token,
  );

describe('comments', () => {
  it('a hidden comment leaves every list; shown again, it is back; the log has both', async () => {
    const member = await rt.tokenFor(DEMO.members[0]);
    const made = await comment(member, '这篇讲环路补偿很清楚');
    const id = made.body.data.id;
    const hid = await rt.post('/api/admin/comment/hide', { id: String(id) }, moderator);
    expect(hid.body).toMatchObject({ code: 200, message: '评论已隐藏' });
    expect((await publicList()).map((c) => c.id)).not.toContain(id);
    expect((await publicList(member)).map((c) => c.id)).not.toContain(id);
    await rt.post('/api/admin/comment/show', { id: String(id) }, moderator);
    expect((await publicList()).map((c) => c.id)).toContain(id);
    const admin = await rt.tokenFor(DEMO.admin);
    const log = await rt.get<{
      list: { action: string; before: { status: string }; after: { status: string } }[];
    }>(`/api/admin/audit?targetType=comment&targetId=${id}&page=1&size=10`, admin);
    expect(log.body.data.list.map((e) => [e.action, e.before.status, e.after.status])).toEqual([
      ['/api/admin/comment/show', 'hidden', 'visible'],
      ['/api/admin/comment/hide', 'visible', 'hidden'],
    ]);
  });

  it('a fresh demo has review words, and they hold a comment', async () => {
    const words = await rt.get<{ list: { word: string }[] }>(
      '/api/admin/moderation/words',
      moderator,
    );
    expect(words.body.data.list.map((w) => w.word)).toEqual(
      expect.arrayContaining(['刷单返利', '网络赌博', '加微信领取']),
    );
    const held = await comment(await rt.tokenFor(DEMO.members[0]), '刷单返利，日结');
    expect(held.body).toMatchObject({ code: 200, data: { held: true } });
    await rt.post('/api/admin/comment/delete', { id: String(held.body.data.id) }, moderator);
  });

  it('the word list holds a comment for review: only its author sees it until it is shown', async () => {
    const added = await rt.post('/api/admin/moderation/word/add', { word: '代写' }, moderator);
    expect(added.body.code).toBe(200);
    expect(
      (await rt.post('/api/admin/moderation/word/add', { word: '代写' }, moderator)).body.message,
    ).toBe('该词语已在列表中');
    const author = await rt.tokenFor(DEMO.members[1]);
    const held = await comment(author, '专业论文代写，联系我');
    expect(held.body).toMatchObject({ code: 200, data: { held: true } });
    const id = held.body.data.id;
    expect((await publicList()).map((c) => c.id)).not.toContain(id);
    expect((await publicList(author)).find((c) => c.id === id)).toMatchObject({ held: true });
    const queue = await rt.get<{ list: { id: number }[] }>(
      '/api/admin/comment/list?status=held&page=1&size=10',
      moderator,
    );
    expect(queue.body.data.list.map((c) => c.id)).toContain(id);
    await rt.post('/api/admin/comment/delete', { id: String(id) }, moderator);
    expect(await rt.db.selectFrom('comments').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
  });
});

describe('comments on the item page (issue 25: rendered, and exported, with the page)', () => {
  /** Caches the article page in the real store with the tags its .astro file sets. */
  async function cacheArticlePage(): Promise<string> {
    const key = `moderation.test/article/${articleId}`;
    await pageStore().put(key, {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: Buffer.from('<html></html>'),
      maxAge: 60,
      swr: 600,
      tags: ['site', `article:${articleId}`, commentTags.of('article', articleId)],
    });
    return key;
  }
  const cached = (key: string) => pageStore().get(key) !== undefined;

  it('a visible comment, a hidden, shown or deleted one refreshes the page; a held one does not', async () => {
    const member = await rt.tokenFor(DEMO.members[1]);
    let page = await cacheArticlePage();
    const made = await comment(member, '页面上的评论也要更新');
    expect(made.body.code).toBe(200);
    expect(cached(page)).toBe(false);
    const id = String(made.body.data.id);
    for (const path of ['/api/admin/comment/hide', '/api/admin/comment/show']) {
      page = await cacheArticlePage();
      expect((await rt.post(path, { id }, moderator)).body.code).toBe(200);
      expect(cached(page), path).toBe(false);
    }
    page = await cacheArticlePage();
    const held = await comment(member, '专业论文代写，联系我');
    expect(held.body.data.held).toBe(true);
    expect(cached(page)).toBe(true);
    await rt.post('/api/admin/comment/delete', { id }, moderator);
    expect(cached(page)).toBe(false);
  });
});

describe('members', () => {
  it('finds members by part of the phone or the name', async () => {
    const byPhone = await rt.get<{ list: { mobile: string }[] }>(
      '/api/admin/member/list?word=138001&page=1&size=10',
      moderator,
    );
    expect(byPhone.body.data.list.map((m) => m.mobile)).toContain('13800138001');
    const byName = await rt.get<{ list: { name: string }[] }>(
      `/api/admin/member/list?word=${encodeURIComponent('李晓')}&page=1&size=10`,
      moderator,
    );
    expect(byName.body.data.list.map((m) => m.name)).toEqual(['李晓雯']);
  });

  it('a ban stops comments until it ends; 0 days lifts it', async () => {
    const member = await rt.tokenFor(DEMO.members[2]);
    const userId = await rt.userId(DEMO.members[2]);
    const banned = await rt.post(
      '/api/admin/member/ban',
      { userId: String(userId), days: '3' },
      moderator,
    );
    expect(banned.body.code).toBe(200);
    const before = await rt.db.selectFrom('comments').select('id').execute();
    const refused = await comment(member, '我还想再说一句');
    expect(refused.body.code).toBe(403);
    expect(refused.body.message).toMatch(
      /^您已被禁言至\d{4}-\d{2}-\d{2} \d{2}:\d{2}，暂时不能评论$/,
    );
    expect(await rt.db.selectFrom('comments').select('id').execute()).toHaveLength(before.length);
    await rt.post('/api/admin/member/ban', { userId: String(userId), days: '0' }, moderator);
    expect((await comment(member, '解禁后的评论')).body.code).toBe(200);
  });

  it('a disabled member is signed out and cannot log in until enabled again', async () => {
    const userId = await rt.userId(DEMO.members[0]);
    const token = await rt.tokenFor(DEMO.members[0]);
    expect((await rt.post('/api/user/information', {}, token)).body.code).toBe(200);
    await rt.post(
      '/api/admin/member/disable',
      { userId: String(userId), disabled: '1' },
      moderator,
    );
    expect((await rt.post('/api/user/information', {}, token)).body.code).toBe(401);
    const login = await rt.post('/api/user/login', {
      mobile: DEMO.members[0],
      areaNum: '86',
      password: DEMO.password,
    });
    expect(login.body).toEqual({
      code: 403,
      message: '该账号已被停用，如有疑问请联系客服',
      data: null,
    });
    await rt.post(
      '/api/admin/member/disable',
      { userId: String(userId), disabled: '0' },
      moderator,
    );
    const again = await rt.post('/api/user/login', {
      mobile: DEMO.members[0],
      areaNum: '86',
      password: DEMO.password,
    });
    expect(again.body.code).toBe(200);
  });

  it('signs a member out everywhere', async () => {
    const userId = await rt.userId(DEMO.members[1]);
    const a = await rt.tokenFor(DEMO.members[1]);
    await rt.tokenFor(DEMO.members[1]);
    const res = await rt.post<{ ended: number }>(
      '/api/admin/member/logout',
      { userId: String(userId) },
      moderator,
    );
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    expect((await rt.post('/api/user/information', {}, a)).body.code).toBe(401);
  });

  it('staff accounts are out of reach, and editors are refused the section', async () => {
    const adminId = await rt.userId(DEMO.admin);
    expect(
      (
        await rt.post(
          '/api/admin/member/disable',
          { userId: String(adminId), disabled: '1' },
          moderator,
        )
      ).body,
    ).toEqual({ code: 403, message: '不能对工作人员账号执行此操作', data: null });
    expect((await rt.get('/api/admin/member/list?page=1&size=10', editor)).body.code).toBe(403);
    expect((await rt.post('/api/admin/comment/hide', { id: '1' }, editor)).body.code).toBe(403);
  });
});

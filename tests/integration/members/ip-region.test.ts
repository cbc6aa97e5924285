/**
 * IP 属地 (issue 26; 《互联网用户账号信息管理规定》 art. 12) through the real app: the region of the
 * poster's address is stored with a comment, a chat message and a member's article, answered
 * with each, and kept on the member for the profile (latest login or post). The address is the
 * request's X-Forwarded-For, as the front handler settles it (only behind TRUST_PROXY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatItem, ChatRoomView } from '../../../src/server/services/live/index.ts';
import type { CommentView } from '../../../src/server/services/members/index.ts';
import type { UserInfo } from '../../../src/server/services/accounts/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let token: string;
let userId: number;
let articleId: number;
let admin: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  token = await rt.tokenFor(DEMO.members[2]);
  admin = await rt.tokenFor('13800138000');
  userId = (
    await rt.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO.members[2])
      .executeTakeFirstOrThrow()
  ).id;
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

const memberRegion = async () =>
  (
    await rt.db
      .selectFrom('users')
      .select('ip_region')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).ip_region;

const profileRegion = async () =>
  (await call<{ info: UserInfo }>(rt, '/api/user/information', { token, method: 'POST' })).body.data
    .info.ipRegion;

describe('IP 属地', () => {
  it('goes with a comment: stored, answered, listed, and on the profile', async () => {
    const added = await call<CommentView>(rt, '/api/comment/add', {
      token,
      ip: '120.24.78.68',
      form: { targetType: 'article', targetId: String(articleId), content: '电源纹波测得很仔细' },
    });
    expect(added.body).toMatchObject({ code: 200, data: { ipRegion: '广东' } });
    const list = await call<{ list: CommentView[] }>(
      rt,
      `/api/comment/list?targetType=article&targetId=${articleId}&page=1&size=5`,
    );
    expect(list.body.data.list[0]).toMatchObject({
      content: '电源纹波测得很仔细',
      ipRegion: '广东',
    });
    const row = await rt.db
      .selectFrom('comments')
      .select('ip_region')
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.ip_region).toBe('广东');
    expect(await memberRegion()).toBe('广东');
    expect(await profileRegion()).toBe('广东');
  });

  it('goes with a chat message and a question, for every viewer', async () => {
    const lives = await rt.db.selectFrom('live_broadcasts').select('id').orderBy('id').execute();
    // Seeded in order: ended, ended, live (embed), live, upcoming, upcoming.
    const liveId = lives[3]!.id;
    const sent = await call<{ message: ChatItem }>(rt, `/api/live/chat/${liveId}/send`, {
      token,
      ip: '8.8.8.8',
      json: { content: '海外观众报到', kind: 'question' },
    });
    expect(sent.body).toMatchObject({ code: 200, data: { message: { ipRegion: '美国' } } });
    const room = await call<{ chat: ChatRoomView }>(rt, `/api/live/chat/${liveId}`);
    expect(room.body.data.chat.messages.find((m) => m.content === '海外观众报到')).toMatchObject({
      ipRegion: '美国',
    });
    expect(await memberRegion()).toBe('美国');
  });

  it("goes with a member's article, shown once it is published; editorial ones have none", async () => {
    const classifyId = (
      await rt.db
        .selectFrom('article_classifies')
        .select('id')
        .where('parent_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const saved = await call<{ id: number }>(rt, '/api/article/saveArticle', {
      token,
      ip: '61.135.169.121',
      form: {
        title: '示波器接地环路实测',
        content: '<p>接地夹越短越好。</p>',
        classifyId: String(classifyId),
      },
    });
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;
    expect(await memberRegion()).toBe('北京');
    const review = await call(rt, '/api/admin/article/review', {
      token: admin,
      form: { id: String(id), approve: '1' },
    });
    expect(review.body.code).toBe(200);
    const detail = await call<{ detail: { ipRegion: string | null } }>(
      rt,
      `/api/article/detail?id=${id}`,
    );
    expect(detail.body.data.detail.ipRegion).toBe('北京');
    const editorial = await call<{ detail: { ipRegion: string | null } }>(
      rt,
      `/api/article/detail?id=${articleId}`,
    );
    expect(editorial.body.data.detail.ipRegion).toBeNull();
  });

  it('follows the latest login, and says 未知 for a private address', async () => {
    await codeLogin(rt, DEMO.members[2], { ip: '1.36.0.1' });
    expect(await memberRegion()).toBe('香港');
    const added = await call<CommentView>(rt, '/api/comment/add', {
      token,
      ip: '192.168.1.20',
      form: { targetType: 'article', targetId: String(articleId), content: '内网发的评论' },
    });
    expect(added.body.data.ipRegion).toBe('未知');
    expect(await profileRegion()).toBe('未知');
  });
});

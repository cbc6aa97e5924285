/**
 * A member's public page (/member/<id>, issues 26 and 28) through the real app, on SQLite and
 * PostgreSQL: what it reads is only what is public (name, photo, IP 属地, joined; published
 * articles; badges and accepted work, never work waiting for review); staff and disabled members
 * have none; and every change it shows drops the cached page at once (a published or deleted
 * article, an approval, a new name, a disabled member), so the sitemap and the static export list
 * the page once it shows something.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageStore } from '../../../src/server/cache/page-store.ts';
import { memberTags } from '../../../src/server/cache/tags.ts';
import { publicMember } from '../../../src/server/services/accounts/index.ts';
import { memberArticles } from '../../../src/server/services/articles/index.ts';
import {
  memberShowcase,
  type ChallengeSummary,
} from '../../../src/server/services/learning/index.ts';
import { publicContentPaths, sitemapUrls } from '../../../src/server/services/site/index.ts';
import { urls } from '../../../src/shared/urls.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
let member: { id: number; token: string };
let classifyId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  const mobile = '13900460001';
  const { token } = await codeLogin(rt, mobile, { ip: '120.24.78.68' });
  const row = await rt.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  member = { id: row.id, token };
  classifyId = (
    await rt.db
      .selectFrom('article_classifies')
      .select('id')
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

const PAGE_KEY = 'member.test/member';
/** Puts the member's page in the real page store, tagged as /member/<id> tags it. */
async function cacheMemberPage(): Promise<void> {
  await pageStore().put(PAGE_KEY, {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.from('<html>member</html>'),
    maxAge: 60,
    swr: 600,
    tags: ['site', memberTags.one(member.id)],
  });
}
const pageCached = () => pageStore().get(PAGE_KEY) !== undefined;
beforeEach(() => pageStore().clear());

async function listed(): Promise<{ export: boolean; sitemap: boolean }> {
  const path = urls.member(member.id);
  const paths: string[] = [];
  for await (const p of publicContentPaths(rt.deps)) paths.push(p);
  const sitemap = (await sitemapUrls(rt.deps)).map((u) => u.path);
  return { export: paths.includes(path), sitemap: sitemap.includes(path) };
}

describe("a member's public page", () => {
  it('shows the chosen name, the photo, IP 属地 and the join date, never the phone', async () => {
    const m = await publicMember(rt.deps, member.id);
    expect(m).toEqual({
      id: member.id,
      name: expect.any(String),
      photo: null,
      ipRegion: '广东',
      joinedAt: expect.any(String),
    });
    expect(JSON.stringify(m)).not.toContain('13900460001');
    // Nothing public yet: the page exists, but neither the sitemap nor the export lists it.
    expect(await listed()).toEqual({ export: false, sitemap: false });
  });

  it('has none for staff, or for no such member', async () => {
    const staff = await rt.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    expect(await publicMember(rt.deps, staff.id)).toBeNull();
    expect(await publicMember(rt.deps, 99_999_999)).toBeNull();
  });

  it('follows a new name at once', async () => {
    await cacheMemberPage();
    const saved = await call(rt, '/api/user/saveUser', {
      token: member.token,
      form: { name: '示波器老张' },
    });
    expect(saved.body.code).toBe(200);
    expect(pageCached()).toBe(false);
    expect((await publicMember(rt.deps, member.id))!.name).toBe('示波器老张');
  });

  it('lists an article once published, not while waiting for review, and drops it when deleted', async () => {
    const saved = await call<{ id: number }>(rt, '/api/article/saveArticle', {
      token: member.token,
      form: {
        title: '用示波器测开关电源纹波的三个要点',
        content: '<p>接地弹簧代替长地线夹，带宽限制打开 20 MHz。</p>',
        classifyId: String(classifyId),
      },
    });
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;
    expect(await memberArticles(rt.deps, member.id)).toEqual([]);

    await cacheMemberPage();
    const review = await call(rt, '/api/admin/article/review', {
      token: admin,
      form: { id: String(id), approve: '1' },
    });
    expect(review.body.code).toBe(200);
    expect(pageCached()).toBe(false);
    expect((await memberArticles(rt.deps, member.id)).map((a) => a.title)).toEqual([
      '用示波器测开关电源纹波的三个要点',
    ]);
    expect(await listed()).toEqual({ export: true, sitemap: true });

    await cacheMemberPage();
    const del = await call(rt, '/api/article/deleteById', {
      token: member.token,
      form: { id: String(id) },
    });
    expect(del.body.message).toBe('删除成功');
    expect(pageCached()).toBe(false);
    expect(await memberArticles(rt.deps, member.id)).toEqual([]);
    expect(await listed()).toEqual({ export: false, sitemap: false });
  });

  it('shows the badge and the work once accepted, never a write-up waiting for review', async () => {
    const list = await call<{ list: ChallengeSummary[] }>(rt, '/api/challenge/list');
    const challenge = list.body.data.list[0]!;
    const challengeId = String(challenge.id);
    await call(rt, '/api/challenge/join', { token: member.token, form: { challengeId } });
    const sent = await call(rt, '/api/challenge/submit', {
      token: member.token,
      form: {
        challengeId,
        title: '老张的 Follow me 作品',
        body: '四个任务都完成了：点灯、OLED 温湿度、PWM 调光和 CAN 互发。\n\n附上波形与源码。',
        videoUrl: 'https://www.bilibili.com/video/BV1xx411c7mD',
        codeUrl: 'https://github.com/example/follow-me',
      },
    });
    expect(sent.body.message).toBe('作品已提交，请等待审核');
    expect(await memberShowcase(rt.deps, member.id)).toEqual({ badges: [], works: [] });

    const submission = await rt.db
      .selectFrom('challenge_submissions')
      .select('id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    await cacheMemberPage();
    const approved = await call(rt, '/api/admin/challenge/approve', {
      token: admin,
      form: { id: String(submission.id) },
    });
    expect(approved.body.message).toBe('已通过，奖励已发放');
    expect(pageCached()).toBe(false);
    const shown = await memberShowcase(rt.deps, member.id);
    expect(shown.badges).toEqual([
      expect.objectContaining({ name: challenge.badge, url: urls.challenge(challenge.id) }),
    ]);
    expect(shown.works).toEqual([
      expect.objectContaining({
        title: '老张的 Follow me 作品',
        url: `${urls.challenge(challenge.id)}#work-${submission.id}`,
      }),
    ]);
    expect(await listed()).toEqual({ export: true, sitemap: true });
  });

  it('is gone while the member is disabled, and back when enabled', async () => {
    const moderator = await rt.tokenFor('13800138005');
    await cacheMemberPage();
    const off = await call(rt, '/api/admin/member/disable', {
      token: moderator,
      form: { userId: String(member.id), disabled: '1' },
    });
    expect(off.body.code).toBe(200);
    expect(pageCached()).toBe(false);
    expect(await publicMember(rt.deps, member.id)).toBeNull();
    expect(await listed()).toEqual({ export: false, sitemap: false });

    await cacheMemberPage();
    await call(rt, '/api/admin/member/disable', {
      token: moderator,
      form: { userId: String(member.id), disabled: '0' },
    });
    expect(pageCached()).toBe(false);
    expect((await publicMember(rt.deps, member.id))!.name).toBe('示波器老张');
  });
});

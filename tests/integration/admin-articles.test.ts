/**
 * Scheduling and unpublishing editorial articles (issue 12): a scheduled
 * article is on no page, list or search until its time; its article.publish
 * job then drops the pages that list it; unpublishing takes it off every
 * page; publishing again (an empty time: now) brings it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../src/server/job-handlers.ts';
import { runDueJobs } from '../../src/server/services/jobs/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let editor: string;
let classifyId: number;
beforeAll(async () => {
  rt = await createTestRuntime();
  editor = await rt.tokenFor('13800138004');
  classifyId = (
    await rt.db
      .selectFrom('article_classifies')
      .select('id')
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

const detail = async (id: number) => (await rt.get(`/api/article/detail?id=${id}`)).body.code;
const listed = async (id: number) =>
  (
    await rt.get<{ list: { id: number }[] }>('/api/article/list?page=1&size=50')
  ).body.data.list.some((a) => a.id === id);
const found = async (word: string) =>
  (await rt.get<{ list: { id: number }[] }>(`/api/index/search?word=${encodeURIComponent(word)}`))
    .body.data.list;

describe('scheduled articles', () => {
  it('are nowhere until their time, then their job drops the pages that list them', async () => {
    const at = new Date(rt.clock.now().getTime() + 3_600_000);
    const made = await rt.post<{ id: number }>(
      '/api/admin/article/create',
      {
        title: '定时发布的文章 ZK4410',
        classifyId: String(classifyId),
        content: '这篇文章将在一小时后发布。',
        authorName: '林雨桐',
        publishAt: at.toISOString(),
      },
      editor,
    );
    expect(made.body.code, made.body.message).toBe(200);
    const id = made.body.data.id;
    expect(await detail(id)).toBe(404);
    expect(await listed(id)).toBe(false);
    expect(await found('ZK4410')).toEqual([]);
    const job = await rt.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'article.publish')
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe(at.toISOString());
    rt.invalidated.length = 0;
    rt.clock.advance(3_600_000 + 1000);
    await runDueJobs(rt.deps, JOB_HANDLERS);
    expect(rt.invalidated.flat()).toEqual(
      expect.arrayContaining([`article:${id}`, 'list:articles', 'page:home', 'list:search']),
    );
    expect(await detail(id)).toBe(200);
    expect(await listed(id)).toBe(true);
    expect((await found('ZK4410')).map((h) => h.id)).toEqual([id]);
  });

  it('unpublished, an article leaves every page; published again, it is back', async () => {
    const made = await rt.post<{ id: number }>(
      '/api/admin/article/create',
      {
        title: '将被下线的文章 WQ2291',
        classifyId: String(classifyId),
        content: '正文。',
        authorName: '林雨桐',
      },
      editor,
    );
    const id = made.body.data.id;
    expect(await detail(id)).toBe(200);
    const off = await rt.post('/api/admin/article/unpublish', { id: String(id) }, editor);
    expect(off.body).toMatchObject({ code: 200, message: '文章已下线' });
    expect(await detail(id)).toBe(404);
    expect(await listed(id)).toBe(false);
    expect(await found('WQ2291')).toEqual([]);
    await rt.post('/api/admin/article/update', { id: String(id), publishAt: '' }, editor);
    expect(await detail(id)).toBe(200);
    expect((await found('WQ2291')).map((h) => h.id)).toEqual([id]);
    const admin = await rt.tokenFor(DEMO.admin);
    const log = await rt.get<{ list: { action: string }[] }>(
      `/api/admin/audit?targetType=article&targetId=${id}&page=1&size=10`,
      admin,
    );
    expect(log.body.data.list.map((e) => e.action)).toEqual([
      '/api/admin/article/update',
      '/api/admin/article/unpublish',
      '/api/admin/article/create',
    ]);
  });
});

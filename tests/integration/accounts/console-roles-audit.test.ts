/**
 * Staff roles and the audit log (issue 12): each role may use only its
 * console sections, enforced per route on the server (editor: content and
 * the review queue; moderator: the review queue; admin: everything); every
 * staff change is logged with who, the route, the input and the row before
 * and after, and only admins read the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
let editor: string;
let moderator: string;
let member: string;
let classifyId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  editor = await rt.tokenFor('13800138004');
  moderator = await rt.tokenFor('13800138005');
  member = await rt.tokenFor(DEMO.members[0]);
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

const article = (title: string) => ({
  title,
  classifyId: String(classifyId),
  content: '正文第一段。\n\n正文第二段。',
  authorName: '林雨桐',
});
const FORBIDDEN = { code: 403, message: '没有权限执行此操作', data: null };

describe('staff roles', () => {
  it('an editor writes content and reviews, and is refused commerce, jobs and the audit log', async () => {
    const made = await rt.post<{ id: number }>(
      '/api/admin/article/create',
      article('编辑写的文章'),
      editor,
    );
    expect(made.body.code).toBe(200);
    expect((await rt.get('/api/admin/article/pending?page=1&size=10', editor)).body.code).toBe(200);
    expect((await rt.get('/api/admin/jobs', editor)).body).toEqual(FORBIDDEN);
    expect((await rt.get('/api/admin/audit', editor)).body).toEqual(FORBIDDEN);
    expect(
      (
        await rt.post(
          '/api/admin/order/ship',
          { orderNo: 'X', company: 'SF', trackingNo: '1' },
          editor,
        )
      ).body,
    ).toEqual(FORBIDDEN);
  });

  it('a moderator reviews but is refused content', async () => {
    expect((await rt.get('/api/admin/article/pending?page=1&size=10', moderator)).body.code).toBe(
      200,
    );
    const before = await rt.db.selectFrom('articles').select('id').execute();
    expect(
      (await rt.post('/api/admin/article/create', article('审核员不能写'), moderator)).body,
    ).toEqual(FORBIDDEN);
    expect(await rt.db.selectFrom('articles').select('id').execute()).toHaveLength(before.length);
  });

  it('a member is refused every staff route', async () => {
    expect((await rt.get('/api/admin/article/pending?page=1&size=10', member)).body).toEqual(
      FORBIDDEN,
    );
    expect((await rt.post('/api/admin/article/create', article('会员'), member)).body).toEqual(
      FORBIDDEN,
    );
  });
});

describe('audit log', () => {
  interface Entry {
    userName: string;
    role: string;
    action: string;
    targetType: string;
    targetId: number;
    detail: Record<string, unknown>;
    before: { title: string } | null;
    after: { title: string } | null;
  }

  it('keeps who changed what, with the row before and after', async () => {
    const made = await rt.post<{ id: number }>(
      '/api/admin/article/create',
      article('审计前的标题'),
      admin,
    );
    const id = made.body.data.id;
    await rt.post('/api/admin/article/update', { id: String(id), title: '审计后的标题' }, editor);
    await rt.post('/api/admin/article/delete', { id: String(id) }, admin);
    const log = await rt.get<{ list: Entry[]; count: number }>(
      `/api/admin/audit?targetType=article&targetId=${id}&page=1&size=10`,
      admin,
    );
    expect(log.body.code).toBe(200);
    const [deleted, updated, created] = log.body.data.list;
    expect(log.body.data.count).toBe(3);
    expect(created).toMatchObject({
      userName: '陈思远',
      role: 'admin',
      action: '/api/admin/article/create',
      before: null,
      after: { title: '审计前的标题' },
    });
    expect(updated).toMatchObject({
      userName: '林雨桐',
      role: 'editor',
      action: '/api/admin/article/update',
      before: { title: '审计前的标题' },
      after: { title: '审计后的标题' },
      detail: { id, title: '审计后的标题' },
    });
    expect(deleted).toMatchObject({ before: { title: '审计后的标题' }, after: null });
  });

  it('keeps a staff write the platform refused, with the answer it gave and nothing changed', async () => {
    // An unpaid order cannot be refunded: refused by the service, after the input was read.
    const unpaid = await rt.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const refused = await rt.post(
      '/api/admin/order/refund',
      { orderNo: unpaid.order_no, reason: '测试拒绝的退款' },
      admin,
    );
    expect(refused.body.code).not.toBe(200);
    // And one refused by the route's own check: the reason is missing.
    const invalid = await rt.post('/api/admin/order/refund', { orderNo: unpaid.order_no }, admin);
    expect(invalid.body.code).toBe(400);
    const log = await rt.get<{
      list: (Entry & { refusal: string | null })[];
    }>(`/api/admin/audit?action=${encodeURIComponent('order/refund')}&page=1&size=10`, admin);
    const [second, first] = log.body.data.list;
    expect(first).toMatchObject({
      action: '/api/admin/order/refund',
      role: 'admin',
      targetType: 'order',
      targetId: unpaid.id,
      refusal: refused.body.message,
      detail: { orderNo: unpaid.order_no, reason: '测试拒绝的退款' },
    });
    expect(first!.after).toEqual(first!.before);
    expect(second).toMatchObject({
      action: '/api/admin/order/refund',
      refusal: invalid.body.message,
      detail: { orderNo: unpaid.order_no },
    });
    // A write that was done says so with no refusal.
    const done = await rt.get<{ list: (Entry & { refusal: string | null })[] }>(
      `/api/admin/audit?action=${encodeURIComponent('article/create')}&page=1&size=1`,
      admin,
    );
    expect(done.body.data.list[0]!.refusal).toBeNull();
  });

  it('keeps a refused write of a 1 MB field as a short entry, its length noted', async () => {
    const huge = '电'.repeat(1024 * 1024);
    const refused = await rt.post('/api/admin/order/refund', { orderNo: huge }, admin);
    expect(refused.body.code).toBe(400);
    const row = await rt.db
      .selectFrom('admin_audit')
      .select(['detail', 'refusal'])
      .where('action', '=', '/api/admin/order/refund')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.refusal).toBe(refused.body.message);
    expect(row.detail.length).toBeLessThan(3000);
    const detail = JSON.parse(row.detail) as { orderNo: string };
    expect(detail.orderNo.startsWith('电'.repeat(2000))).toBe(true);
    expect(detail.orderNo).toMatch(/…（共 1048576 字，已截断）$/);
  });

  it('filters by who made the change, and logs nothing for refused calls or reads', async () => {
    const editorId = await rt.userId('13800138004');
    const mine = await rt.get<{ list: Entry[] }>(
      `/api/admin/audit?userId=${editorId}&page=1&size=50`,
      admin,
    );
    expect(mine.body.data.list.every((e) => e.userName === '林雨桐')).toBe(true);
    const all = await rt.db.selectFrom('admin_audit').select(['action', 'role']).execute();
    expect(all.some((e) => e.role === 'moderator' || e.role === 'member')).toBe(false);
    expect(all.some((e) => e.action.endsWith('/pending'))).toBe(false);
  });
});

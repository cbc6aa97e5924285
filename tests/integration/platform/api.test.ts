/**
 * The first slice of spec 7's calls, the envelope, validation messages,
 * access declarations and the session/cookie rules, through the real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { register, route, type RouteDef } from '../../../src/server/api/define.ts';
import type { AppEnv } from '../../../src/server/api/env.ts';
import { AD_TYPES_REQUESTED } from '../../../src/shared/constants.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('companies', () => {
  it('lists the 10 partner companies in display order, with domains', async () => {
    const { body } = await rt.get<{
      list: { id: number; name: string; domain: string; featured: boolean }[];
    }>('/api/company/list');
    expect(body.code).toBe(200);
    expect(body.message).toBe('成功');
    expect(body.data.list).toHaveLength(10);
    expect(body.data.list.every((c) => /\./.test(c.domain))).toBe(true);
    const featured = await rt.get<{ list: unknown[] }>('/api/company/list?featured=1');
    expect(featured.body.data.list.length).toBe(body.data.list.filter((c) => c.featured).length);
  });

  it('gets one company by id and by the zone the request came to', async () => {
    const first = (
      await rt.get<{ list: { id: number; domain: string; name: string }[] }>('/api/company/list')
    ).body.data.list[0]!;
    const byId = await rt.get<{ name: string }>(`/api/company/get?id=${first.id}`);
    expect(byId.body.data.name).toBe(first.name);
    const res = await rt.app.request('/api/company/get', {
      headers: { host: `${first.domain}:4321` },
    });
    expect(((await res.json()) as { data: { id: number } }).data.id).toBe(first.id);
    const none = await rt.get('/api/company/get?id=999999');
    expect(none.body).toEqual({ code: 404, message: '内容不存在或已下线', data: null });
    const bad = await rt.get('/api/company/get?id=abc');
    expect(bad.body).toEqual({ code: 400, message: '编号无效', data: null });
  });

  it('answers platform statistics that match the database', async () => {
    const { body } = await rt.get<Record<string, number>>('/api/company/statics');
    const articles = await rt.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    expect(body.data.companyCount).toBe(10);
    expect(body.data.articleCount).toBe(Number(articles.n));
    expect(body.data.liveCount).toBe(6);
  });
});

describe('labels and column index', () => {
  it('leads the labels with 全部 and an empty id', async () => {
    const { body } = await rt.get<{ list: { id: number | ''; name: string; active: boolean }[] }>(
      '/api/label/list',
    );
    expect(body.data.list[0]).toEqual({ id: '', name: '全部', active: true });
    expect(body.data.list.length).toBeGreaterThan(1);
    const second = body.data.list[1]!;
    const active = await rt.get<{ list: { id: number | ''; active: boolean }[] }>(
      `/api/label/list?id=${second.id}`,
    );
    expect(active.body.data.list.filter((l) => l.active).map((l) => l.id)).toEqual([second.id]);
  });

  it('lists 4 big classifies with their columns and course counts', async () => {
    const { body } = await rt.get<{
      list: { name: string; classifies: { courseCount: number }[] }[];
    }>('/api/index/classifyIndexList');
    expect(body.data.list).toHaveLength(4);
    const total = body.data.list
      .flatMap((b) => b.classifies)
      .reduce((s, c) => s + c.courseCount, 0);
    expect(total).toBe(12);
  });
});

describe('ads: /api/roll_image/list', () => {
  it('answers every requested ad type, ordered by display_order, as roll_image_list', async () => {
    const { body } = await rt.get<{
      roll_image_list: { type: number; display_order: number; adType: string }[];
    }>(`/api/roll_image/list?type=${AD_TYPES_REQUESTED.join(',')}&order_filed=display_order`);
    const list = body.data.roll_image_list;
    expect(new Set(list.map((a) => a.type))).toEqual(new Set(AD_TYPES_REQUESTED));
    const orders = list.map((a) => a.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(list.every((a) => ['1', '2', '3'].includes(a.adType))).toBe(true);
  });

  it('refuses another sort field in Chinese (spec 9: order_filed)', async () => {
    expect((await rt.get('/api/roll_image/list?type=1&order_filed=id')).body).toEqual({
      code: 400,
      message: '排序字段只能是 display_order',
      data: null,
    });
  });

  it('filters by the comma list and rejects malformed types', async () => {
    const { body } = await rt.get<{ roll_image_list: { type: number }[] }>(
      '/api/roll_image/list?type=2,75',
    );
    expect(new Set(body.data.roll_image_list.map((a) => a.type))).toEqual(new Set([2, 75]));
    const bad = await rt.get('/api/roll_image/list?type=1;drop');
    expect(bad.body).toEqual({ code: 400, message: '广告类型无效', data: null });
  });

  it('leaves out disabled ads and ads outside their time window', async () => {
    const banner = await rt.db
      .selectFrom('roll_images')
      .select('id')
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    await rt.db
      .updateTable('roll_images')
      .set({ end_at: new Date(rt.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', banner.id)
      .execute();
    const { body } = await rt.get<{ roll_image_list: { id: number }[] }>(
      '/api/roll_image/list?type=2',
    );
    expect(body.data.roll_image_list.map((a) => a.id)).not.toContain(banner.id);
    await rt.db
      .updateTable('roll_images')
      .set({ end_at: null })
      .where('id', '=', banner.id)
      .execute();
  });
});

describe('notices', () => {
  it('lists categories, then notices newest first with count, by category', async () => {
    const cats = await rt.get<{ list: { id: number; name: string }[] }>('/api/notice/category');
    expect(cats.body.data.list).toHaveLength(3);
    const all = await rt.get<{
      list: { publishedAt: string; categoryId: number }[];
      count: number;
    }>('/api/notice/list?page=1&size=5');
    const expected = await rt.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(all.body.data.count).toBe(Number(expected.n));
    expect(all.body.data.count).toBeGreaterThanOrEqual(9);
    expect(all.body.data.list).toHaveLength(5);
    const times = all.body.data.list.map((n) => n.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    const cat = cats.body.data.list[0]!;
    const one = await rt.get<{ list: { categoryId: number }[]; count: number }>(
      `/api/notice/list?categoryId=${cat.id}&size=50`,
    );
    expect(one.body.data.list.every((n) => n.categoryId === cat.id)).toBe(true);
  });

  it('shows a notice by id, and 404s an unknown one', async () => {
    const list = await rt.get<{ list: { id: number; title: string }[] }>('/api/notice/list');
    const n = list.body.data.list[0]!;
    const detail = await rt.get<{ detail: { title: string; content: string } }>(
      `/api/notice/detail/${n.id}`,
    );
    expect(detail.body.data.detail.title).toBe(n.title);
    expect(detail.body.data.detail.content.length).toBeGreaterThan(20);
    expect((await rt.get('/api/notice/detail/999999')).body.code).toBe(404);
    expect((await rt.get('/api/notice/detail/x')).body.code).toBe(400);
  });
});

describe('envelope and access', () => {
  it('answers unknown API paths with the envelope', async () => {
    const res = await rt.app.request('/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: '接口不存在', data: null });
  });

  it('puts a request id on every answer and every log line of that request', async () => {
    const res = await rt.app.request('/api/company/list', {
      headers: { 'x-request-id': 'req-test-42' },
    });
    expect(res.headers.get('x-request-id')).toBe('req-test-42');
    expect(
      rt.logger.lines.some((l) => l.requestId === 'req-test-42' && l.path === '/api/company/list'),
    ).toBe(true);
  });

  it('refuses to register a route without declared access', () => {
    const app = new Hono<AppEnv>();
    const bad = { method: 'get', path: '/api/x', handler: () => null } as unknown as RouteDef;
    expect(() => register(app, [bad])).toThrow(/declares no access/);
  });

  it('enforces member and admin access, and logs unexpected errors without leaking them', async () => {
    const app = new Hono<AppEnv>();
    const { requestContext, session, errorHandler } =
      await import('../../../src/server/api/middleware.ts');
    app.use('*', requestContext(rt.deps), session());
    register(app, [
      route({ method: 'get', path: '/m', access: 'member', handler: ({ user }) => user!.id }),
      route({ method: 'get', path: '/a', access: 'admin', handler: () => 'admin' }),
      route({
        method: 'get',
        path: '/boom',
        access: 'public',
        handler: () => {
          throw new Error('secret internals');
        },
      }),
      route({
        method: 'get',
        path: '/v',
        access: 'public',
        input: z.object({ n: z.coerce.number().int('必须是整数') }),
        handler: ({ input }) => input.n,
      }),
    ]);
    app.onError(errorHandler);
    const member = await rt.tokenFor(DEMO.members[0]);
    const admin = await rt.tokenFor(DEMO.admin);
    const call = async (path: string, token?: string) => {
      const res = await app.request(path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return {
        status: res.status,
        body: (await res.json()) as { code: number; message: string; data: unknown },
      };
    };
    expect((await call('/m')).body).toEqual({ code: 401, message: '请先登录', data: null });
    expect((await call('/m', member)).body.data).toBe(await rt.userId(DEMO.members[0]));
    expect((await call('/a', member)).body).toEqual({
      code: 403,
      message: '没有权限执行此操作',
      data: null,
    });
    expect((await call('/a', admin)).body.data).toBe('admin');
    const boom = await call('/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ code: 500, message: '服务器开小差了，请稍后再试', data: null });
    expect(JSON.stringify(boom.body)).not.toContain('secret');
    expect(
      rt.logger.lines.some(
        (l) =>
          l.msg === 'unhandled error' &&
          String(l.error).includes('secret internals') &&
          l.requestId,
      ),
    ).toBe(true);
    expect((await call('/v?n=1.5')).body).toEqual({ code: 400, message: '必须是整数', data: null });
  });
});

describe('password login, sessions and cookies', () => {
  it("validates with the spec's exact messages and changes nothing", async () => {
    const before = await rt.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, string>, string][] = [
      [{ mobile: '', password: 'Demo@2026' }, '请输入手机号'],
      [{ mobile: '  ', password: 'Demo@2026' }, '请输入手机号'],
      [{ mobile: '1380013800a', password: 'Demo@2026' }, '请输入正确的手机号'],
      [{ mobile: DEMO.members[0], password: '' }, '请输入密码'],
      [{ mobile: DEMO.members[0], password: '12345' }, '密码不能低于6位'],
    ];
    for (const [form, message] of cases) {
      expect((await rt.post('/api/user/login', form)).body).toEqual({
        code: 400,
        message,
        data: null,
      });
    }
    const after = await rt.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('gives the same answer for a wrong password and an unknown phone', async () => {
    const wrong = await rt.post('/api/user/login', {
      mobile: DEMO.members[0],
      password: 'wrong-password',
    });
    const unknown = await rt.post('/api/user/login', {
      mobile: '13999999999',
      password: 'Demo@2026',
    });
    expect(wrong.body).toEqual({ code: 400, message: '手机号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('logs in with 登录成功, sets an HttpOnly 3-day cookie, stores only the token hash, and quits', async () => {
    const res = await rt.app.request('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mobile: ` ${DEMO.members[1]} `,
        areaNum: '86',
        password: DEMO.password,
      }).toString(),
    });
    const body = (await res.json()) as { code: number; message: string; data: { token: string } };
    expect(body.code).toBe(200);
    expect(body.message).toBe('登录成功');
    const token = body.data.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`xxt_token=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(Math.round((expires - rt.clock.now().getTime()) / 86_400_000)).toBe(3);
    const stored = await rt.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);

    const byCookie = await rt.app.request('/api/user/information', {
      method: 'POST',
      headers: { cookie: `xxt_token=${token}`, origin: 'http://localhost', host: 'localhost' },
    });
    const info = (await byCookie.json()) as {
      code: number;
      data: { info: { mobile: string; name: string } };
    };
    expect(info.code).toBe(200);
    expect(info.data.info.mobile).toBe(DEMO.members[1]);

    const crossSite = await rt.app.request('/api/user/information', {
      method: 'POST',
      headers: { cookie: `xxt_token=${token}`, origin: 'https://evil.example', host: 'localhost' },
    });
    expect(((await crossSite.json()) as { code: number }).code).toBe(403);

    // Spec 6: the stored token alone in the Authorization header, as well as `Bearer <token>`;
    // other schemes are not a session.
    for (const [authorization, code] of [
      [token, 200],
      [`Bearer ${token}`, 200],
      [`Basic ${token}`, 401],
      [`${token} extra`, 401],
    ] as const) {
      const res = await rt.app.request('/api/user/information', {
        method: 'POST',
        headers: { authorization },
      });
      expect(((await res.json()) as { code: number }).code, authorization).toBe(code);
    }

    expect((await rt.post('/api/user/logout', {}, token)).body.code).toBe(200);
    expect((await rt.post('/api/user/information', {}, token)).body).toEqual({
      code: 401,
      message: '请先登录',
      data: null,
    });
  });

  it('ends a session after 3 days', async () => {
    const token = await rt.tokenFor(DEMO.members[2]);
    expect((await rt.post('/api/user/information', {}, token)).body.code).toBe(200);
    rt.clock.advance(3 * 86_400_000 + 1000);
    expect((await rt.post('/api/user/information', {}, token)).body.code).toBe(401);
  });
});

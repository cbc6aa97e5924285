/**
 * The console's smaller catalogue kinds (issue 12) on SQLite and PostgreSQL,
 * each seen through the public API it feeds: partner companies (zone domain
 * and login image; a domain is one zone's, also under parallel creates),
 * course labels (set with the course, renamed, deleted), short videos
 * (durations as typed, search, deletion) and notice categories (an
 * occupied one is kept). Editors may; moderators and members may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { SITE_MSG } from '../../../src/server/services/site/index.ts';

let rt: TestRuntime;
let editor: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  editor = await rt.tokenFor('13800138004');
});

afterAll(async () => {
  await rt?.close();
});

describe('companies', () => {
  it('creates a zone: its domain resolves, its login image is served; a bad domain is refused', async () => {
    for (const bad of [
      '不是域名',
      'localhost',
      '-bad.example.com',
      'a..example.com',
      'http://x.example.com',
    ])
      expect(
        (await rt.post('/api/admin/company/create', { name: '坏域名公司', domain: bad }, editor))
          .body,
      ).toMatchObject({ code: 400, message: '请输入专区域名，如 zone.example.com' });

    const { body } = await rt.post<{ id: number }>(
      '/api/admin/company/create',
      {
        name: '芯联微电子',
        domain: 'XinLian-Micro.Example.com',
        description: '模拟与混合信号芯片。',
        loginImageUrl: '/covers/zone-login.svg',
        featured: '1',
        displayOrder: '3',
      },
      editor,
    );
    expect(body.code, body.message).toBe(200);
    const id = body.data.id;
    const zone = await rt.get<{ id: number; name: string; featured: boolean }>(
      '/api/company/get?domain=xinlian-micro.example.com',
    );
    expect(zone.body.data).toMatchObject({ id, name: '芯联微电子', featured: true });
    const login = await rt.postJson<{ imageUrl: string }>('/api/roll_image/loginImg', {
      companyId: id,
    });
    expect(login.body.data.imageUrl).toBe('/covers/zone-login.svg');
    const featured = await rt.get<{ list: { name: string }[] }>('/api/company/list?featured=1');
    expect(featured.body.data.list.map((c) => c.name)).toContain('芯联微电子');

    // Moved to another domain: the old one is no zone any more.
    expect(
      (
        await rt.post(
          '/api/admin/company/update',
          { id: String(id), domain: 'xinlian.example.com' },
          editor,
        )
      ).body.code,
    ).toBe(200);
    expect(
      (await rt.get('/api/company/get?domain=xinlian-micro.example.com')).body.data,
    ).toBeNull();
    expect(
      (await rt.get<{ id: number }>('/api/company/get?domain=xinlian.example.com')).body.data.id,
    ).toBe(id);
  });

  it('gives a domain to one zone only, also when created in parallel', async () => {
    const taken = await rt.db.selectFrom('companies').select('domain').executeTakeFirstOrThrow();
    expect(
      (await rt.post('/api/admin/company/create', { name: '重名域', domain: taken.domain }, editor))
        .body,
    ).toMatchObject({ code: 409, message: SITE_MSG.company.domainTaken });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        rt.post(
          '/api/admin/company/create',
          { name: `并行公司 ${i}`, domain: 'parallel-zone.example.com' },
          editor,
        ),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body).toMatchObject({ code: 409, message: SITE_MSG.company.domainTaken });
    const rows = await rt.db
      .selectFrom('companies')
      .select('id')
      .where('domain', '=', 'parallel-zone.example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('deletes a company; its courses stay on the main site without it', async () => {
    const { body } = await rt.post<{ id: number }>(
      '/api/admin/company/create',
      { name: '临时专区', domain: 'temp-zone.example.com' },
      editor,
    );
    const course = await rt.db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
    await rt.db
      .updateTable('courses')
      .set({ company_id: body.data.id })
      .where('id', '=', course.id)
      .execute();
    expect(
      (await rt.post('/api/admin/company/delete', { id: String(body.data.id) }, editor)).body.code,
    ).toBe(200);
    const after = await rt.db
      .selectFrom('courses')
      .select('company_id')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(after.company_id).toBeNull();
    expect((await rt.get(`/api/course/detail/${course.id}`)).body.code).toBe(200);
    expect((await rt.get(`/api/company/get?id=${body.data.id}`)).body.code).toBe(404);
  });
});

describe('labels', () => {
  it('labels a course, renames and deletes the label; the public lists follow', async () => {
    const { body } = await rt.post<{ id: number }>(
      '/api/admin/label/create',
      { name: 'FPGA', courseType: '1', displayOrder: '9' },
      editor,
    );
    expect(body.code, body.message).toBe(200);
    const labelId = body.data.id;
    const course = await rt.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('published', '=', 1)
      .where('type', '=', 1)
      .executeTakeFirstOrThrow();
    expect(
      (
        await rt.post(
          '/api/admin/course/update',
          { id: String(course.id), labelIds: String(labelId) },
          editor,
        )
      ).body.code,
    ).toBe(200);
    const labels = await rt.get<{ list: { id: number | string; name: string }[] }>(
      '/api/label/list?courseType=1',
    );
    expect(labels.body.data.list.map((l) => l.name)).toContain('FPGA');
    const filtered = await rt.get<{ list: { id: number; labels: { name: string }[] }[] }>(
      `/api/course/list?labelId=${labelId}`,
    );
    expect(filtered.body.data.list.map((c) => c.id)).toEqual([course.id]);
    const detail = await rt.get<{ labelIds: number[] }>(
      `/api/admin/course/detail?id=${course.id}`,
      editor,
    );
    expect(detail.body.data.labelIds).toContain(labelId);

    expect(
      (await rt.post('/api/admin/label/update', { id: String(labelId), name: 'FPGA 开发' }, editor))
        .body.code,
    ).toBe(200);
    const renamed = await rt.get<{ list: { labels: { name: string }[] }[] }>(
      `/api/course/list?labelId=${labelId}`,
    );
    expect(renamed.body.data.list[0]!.labels.map((l) => l.name)).toContain('FPGA 开发');
    const counted = await rt.get<{ list: { id: number; courses: number }[] }>(
      '/api/admin/label/list',
      editor,
    );
    expect(counted.body.data.list.find((l) => l.id === labelId)!.courses).toBe(1);

    expect(
      (
        await rt.post(
          '/api/admin/course/update',
          { id: String(course.id), labelIds: '999999' },
          editor,
        )
      ).body,
    ).toMatchObject({ code: 400, message: '所选标签不存在，请刷新后重试' });
    expect(
      (await rt.post('/api/admin/label/delete', { id: String(labelId) }, editor)).body.code,
    ).toBe(200);
    const gone = await rt.db
      .selectFrom('course_labels')
      .select('course_id')
      .where('label_id', '=', labelId)
      .execute();
    expect(gone).toEqual([]);
    const list = await rt.get<{ list: { name: string }[] }>('/api/label/list?courseType=1');
    expect(list.body.data.list.map((l) => l.name)).not.toContain('FPGA 开发');
  });
});

describe('short videos', () => {
  it('publishes a short video with a typed length, finds it in search, and deletes it', async () => {
    expect(
      (
        await rt.post(
          '/api/admin/shortvideo/create',
          { title: '坏视频', path: 'javascript:alert(1)', author: '某人', durationSeconds: '1:00' },
          editor,
        )
      ).body,
    ).toMatchObject({ code: 400, message: '视频地址须为站内路径或 https 地址' });
    const { body } = await rt.post<{ id: number }>(
      '/api/admin/shortvideo/create',
      {
        title: '一分钟看懂锁相环',
        path: '/media/gen/short-1/index.m3u8',
        author: '模拟小王',
        durationSeconds: '1:30',
        recommended: '1',
      },
      editor,
    );
    expect(body.code, body.message).toBe(200);
    const id = body.data.id;
    const detail = await rt.get<{ videoDetail: { title: string; durationSeconds?: number } }>(
      `/api/shortvideo/detail/${id}`,
    );
    expect(detail.body.data.videoDetail.title).toBe('一分钟看懂锁相环');
    const row = await rt.db
      .selectFrom('short_videos')
      .select('duration_seconds')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.duration_seconds).toBe(90);
    const found = await rt.get<{ list: { id: number; type: string }[] }>(
      `/api/index/search?word=${encodeURIComponent('锁相环')}&type=shortvideo`,
    );
    expect(found.body.data.list.map((r) => r.id)).toContain(id);
    const listed = await rt.get<{ list: { id: number; durationSeconds: number }[] }>(
      `/api/admin/shortvideo/list?q=${encodeURIComponent('锁相环')}`,
      editor,
    );
    expect(listed.body.data.list).toEqual([expect.objectContaining({ id, durationSeconds: 90 })]);

    expect(
      (await rt.post('/api/admin/shortvideo/delete', { id: String(id) }, editor)).body.code,
    ).toBe(200);
    expect((await rt.get(`/api/shortvideo/detail/${id}`)).body.code).toBe(404);
    const after = await rt.get<{ list: { id: number }[] }>(
      `/api/index/search?word=${encodeURIComponent('锁相环')}&type=shortvideo`,
    );
    expect(after.body.data.list.map((r) => r.id)).not.toContain(id);
  });
});

describe('notice categories', () => {
  it('adds a category, keeps one that holds notices, deletes an empty one', async () => {
    const { body } = await rt.post<{ id: number }>(
      '/api/admin/notice/category/create',
      { name: '系统维护', displayOrder: '5' },
      editor,
    );
    expect(body.code, body.message).toBe(200);
    const cats = await rt.get<{ list: { id: number; name: string }[] }>('/api/notice/category');
    expect(cats.body.data.list).toContainEqual(
      expect.objectContaining({ id: body.data.id, name: '系统维护' }),
    );
    const used = await rt.db
      .selectFrom('notices')
      .select('category_id')
      .where('user_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(
      (await rt.post('/api/admin/notice/category/delete', { id: String(used.category_id) }, editor))
        .body,
    ).toMatchObject({ code: 409, message: SITE_MSG.notice.categoryInUse });
    const counted = await rt.get<{ list: { id: number; notices: number }[] }>(
      '/api/admin/notice/category/list',
      editor,
    );
    expect(counted.body.data.list.find((c) => c.id === used.category_id)!.notices).toBeGreaterThan(
      0,
    );
    expect(
      (await rt.post('/api/admin/notice/category/delete', { id: String(body.data.id) }, editor))
        .body.code,
    ).toBe(200);
    const after = await rt.get<{ list: { id: number }[] }>('/api/notice/category');
    expect(after.body.data.list.map((c) => c.id)).not.toContain(body.data.id);
  });
});

describe('access and audit', () => {
  it('refuses moderators and members; records every change with the row before and after', async () => {
    const moderator = await rt.tokenFor('13800138005');
    const member = await rt.tokenFor(DEMO.members[0]);
    for (const token of [moderator, member])
      for (const path of [
        '/api/admin/company/list',
        '/api/admin/label/list',
        '/api/admin/shortvideo/list',
        '/api/admin/notice/category/list',
      ])
        expect((await rt.get(path, token)).body.code).toBe(403);
    const admin = await rt.tokenFor(DEMO.admin);
    const audit = await rt.get<{
      list: { action: string; before: unknown; after: { name?: string } | null }[];
    }>('/api/admin/audit?targetType=label', admin);
    expect(audit.body.data.list.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        '/api/admin/label/create',
        '/api/admin/label/update',
        '/api/admin/label/delete',
      ]),
    );
    const update = audit.body.data.list.find((a) => a.action === '/api/admin/label/update')!;
    expect(update).toMatchObject({
      before: expect.objectContaining({ name: 'FPGA' }),
      after: expect.objectContaining({ name: 'FPGA 开发' }),
    });
  });
});

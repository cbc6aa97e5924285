import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResponse, resourceName } from '../../../src/server/services/courses/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

type Paged<T> = { list: T[]; count: number; page: number; size: number };
interface Video {
  id: number;
  title: string;
  path: string;
  durationSeconds: number;
  recommended: boolean;
  viewCount: number;
  createdAt: string;
}
interface Resource {
  id: number;
  title: string;
  fileType: string;
  fileSize: number;
  downloadCount: number;
  downloadUrl: string;
}
interface Tool {
  id: number;
  name: string;
  url: string;
  category: string;
}

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('videos', () => {
  it('videoHotList answers the most viewed videos first', async () => {
    const top = await rt.db
      .selectFrom('videos')
      .select('id')
      .orderBy('view_count', 'desc')
      .orderBy('id')
      .limit(3)
      .execute();
    const { body } = await rt.get<{ list: Video[] }>('/api/index/videoHotList?size=3');
    expect(body.code).toBe(200);
    expect(body.data.list.map((v) => v.id)).toEqual(top.map((t) => t.id));
  });

  it('videoList pages the 10 videos, newest first by default and by filter type', async () => {
    const { body } = await rt.get<Paged<Video>>('/api/index/videoList?size=4');
    expect(body.data).toMatchObject({ count: 10, page: 1, size: 4 });
    const times = body.data.list.map((v) => v.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const hot = await rt.get<Paged<Video>>('/api/index/videoList?type=3&size=10');
    const views = hot.body.data.list.map((v) => v.viewCount);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const rec = await rt.get<Paged<Video>>('/api/index/videoList?type=1&size=10');
    const firstPlain = rec.body.data.list.findIndex((v) => !v.recommended);
    expect(rec.body.data.list.slice(firstPlain).every((v) => !v.recommended)).toBe(true);
    expect((await rt.get('/api/index/videoList?type=9')).body).toMatchObject({
      code: 400,
      message: '请求参数有误',
    });
  });
});

describe('GET /api/index/shortVideoRecommend', () => {
  it('lists the recommended short videos, newest first', async () => {
    const rec = await rt.db
      .selectFrom('short_videos')
      .select('id')
      .where('recommended', '=', 1)
      .orderBy('created_at', 'desc')
      .execute();
    expect(rec.length).toBeGreaterThan(0);
    const { body } = await rt.get<{ list: (Video & { author: string })[] }>(
      '/api/index/shortVideoRecommend',
    );
    expect(body.code).toBe(200);
    expect(body.data.list.map((v) => v.id)).toEqual(rec.map((r) => r.id));
    expect(body.data.list[0]).toMatchObject({
      path: expect.stringMatching(/^\/media\//),
      author: expect.any(String),
    });
  });
});

describe('GET /api/index/resource/list', () => {
  it('pages resources with file type, size and download count, linking to the counted download', async () => {
    const rows = await rt.db
      .selectFrom('resources')
      .select(['id', 'file_type', 'file_size', 'download_count'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const { body } = await rt.get<Paged<Resource>>('/api/index/resource/list?size=3');
    expect(body.code).toBe(200);
    expect(body.data.count).toBe(rows.length);
    expect(body.data.list).toHaveLength(Math.min(3, rows.length));
    const first = rows[0]!;
    expect(body.data.list[0]).toMatchObject({
      id: first.id,
      fileType: first.file_type,
      fileSize: first.file_size,
      downloadCount: first.download_count,
      downloadUrl: `/download/${first.id}`,
    });
    expect(JSON.stringify(body)).not.toContain('/downloads/');
  });
});

describe('resource download', () => {
  async function free() {
    return rt.db
      .selectFrom('resources')
      .select(['id', 'title', 'file_url', 'file_size', 'download_count'])
      .where('course_id', 'is', null)
      .where('file_url', 'like', '%.pdf')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }
  const count = async (id: number) =>
    (
      await rt.db
        .selectFrom('resources')
        .select('download_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).download_count;

  it('sends a member the real file as an attachment named by its title, and counts it', async () => {
    const r = await free();
    const member = await rt.userId(DEMO.members[1]);
    const res = await downloadResponse(rt.deps, r.id, member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const name = r.title.replace(/[《》]/g, '');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${r.file_url.slice('/downloads/'.length)}"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(r.file_size);
    expect(Number(res.headers.get('content-length'))).toBe(r.file_size);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const stored = await rt.deps.providers.resources.open(resourceName(r.file_url)!);
    expect(bytes.equals(Buffer.from(await new Response(stored!.body).arrayBuffer()))).toBe(true);
    expect(await count(r.id)).toBe(r.download_count + 1);
    const listed = await rt.get<Paged<Resource>>('/api/index/resource/list?size=100');
    expect(listed.body.data.list.find((x) => x.id === r.id)?.downloadCount).toBe(
      r.download_count + 1,
    );
  });

  it('asks a visitor to log in and counts nothing', async () => {
    const r = await free();
    const before = await count(r.id);
    const res = await downloadResponse(rt.deps, r.id, null);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('请先登录后再下载资料');
    expect(await count(r.id)).toBe(before);
  });

  it('says when the file is missing, and counts nothing', async () => {
    const member = await rt.userId(DEMO.members[1]);
    const r = await free();
    await rt.db
      .updateTable('resources')
      .set({ file_url: '/downloads/no-such-file.pdf' })
      .where('id', '=', r.id)
      .execute();
    const before = await count(r.id);
    const res = await downloadResponse(rt.deps, r.id, member);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('资料文件暂不可用，请稍后再试或联系客服');
    expect(await count(r.id)).toBe(before);
    await rt.db
      .updateTable('resources')
      .set({ file_url: r.file_url })
      .where('id', '=', r.id)
      .execute();
  });

  it('counts parallel downloads exactly', async () => {
    const member = await rt.userId(DEMO.members[1]);
    const r = await free();
    const before = await count(r.id);
    const all = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await downloadResponse(rt.deps, r.id, member);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(all.every((s) => s === 200)).toBe(true);
    expect(await count(r.id)).toBe(before + 12);
  });

  it('serves every seeded file with its listed size and format', async () => {
    const member = await rt.userId(DEMO.members[1]);
    const rows = await rt.db
      .selectFrom('resources')
      .select(['id', 'file_type', 'file_size', 'course_id'])
      .where('course_id', 'is', null)
      .execute();
    for (const r of rows) {
      const res = await downloadResponse(rt.deps, r.id, member);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, r.file_type).toBe(r.file_size);
      const magic = bytes.subarray(0, 4).toString('latin1');
      expect(magic, r.file_type).toBe(r.file_type === 'PDF' ? '%PDF' : 'PK\x03\x04');
    }
  });

  it('answers 404 for an unknown or invalid id and counts nothing', async () => {
    const before = await rt.db.selectFrom('resources').select('download_count').execute();
    for (const id of [99999, null]) {
      const res = await downloadResponse(rt.deps, id, await rt.userId(DEMO.members[1]));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('资料不存在或已下线');
    }
    expect(await rt.db.selectFrom('resources').select('download_count').execute()).toEqual(before);
  });
});

describe('GET /api/learningToolList', () => {
  it('lists every tool in display order', async () => {
    const rows = await rt.db
      .selectFrom('learning_tools')
      .select('id')
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    const { body } = await rt.get<{ list: Tool[] }>('/api/learningToolList');
    expect(body.code).toBe(200);
    expect(body.data.list.map((t) => t.id)).toEqual(rows.map((r) => r.id));
    for (const t of body.data.list)
      expect(t).toMatchObject({
        name: expect.any(String),
        url: expect.any(String),
        category: expect.any(String),
      });
  });
});

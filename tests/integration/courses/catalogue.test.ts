import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

interface Column {
  id: number;
  name: string;
  description: string;
  cover: string | null;
  hot: boolean;
  courseCount: number;
  bigClassifyId?: number;
  bigClassifyName?: string;
}

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** Published course count per column, straight from the database. */
async function courseCounts(): Promise<Map<number, number>> {
  const rows = await rt.db
    .selectFrom('courses')
    .select(['classify_id'])
    .where('published', '=', 1)
    .execute();
  const m = new Map<number, number>();
  for (const r of rows) m.set(r.classify_id, (m.get(r.classify_id) ?? 0) + 1);
  return m;
}

describe('GET /api/index/classifyHotList', () => {
  it('lists exactly the hot columns with their course counts', async () => {
    const { body } = await rt.get<{ list: Column[] }>('/api/index/classifyHotList');
    expect(body.code).toBe(200);
    const hot = await rt.db.selectFrom('classifies').select('id').where('hot', '=', 1).execute();
    expect(body.data.list.map((c) => c.id).sort()).toEqual(hot.map((h) => h.id).sort());
    expect(body.data.list.length).toBe(4);
    const counts = await courseCounts();
    for (const c of body.data.list) {
      expect(c.hot).toBe(true);
      expect(c.courseCount).toBe(counts.get(c.id) ?? 0);
      expect(c.bigClassifyName).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/index/classifyList', () => {
  it('pages through every column with the total count', async () => {
    const total = (await rt.db.selectFrom('classifies').select('id').execute()).length;
    expect(total).toBe(8);
    const first = await rt.get<{ list: Column[]; count: number; page: number; size: number }>(
      '/api/index/classifyList?page=1&size=5',
    );
    expect(first.body.data).toMatchObject({ count: total, page: 1, size: 5 });
    expect(first.body.data.list).toHaveLength(5);
    const second = await rt.get<{ list: Column[]; count: number }>(
      '/api/index/classifyList?page=2&size=5',
    );
    expect(second.body.data.list).toHaveLength(3);
    const ids = [...first.body.data.list, ...second.body.data.list].map((c) => c.id);
    expect(new Set(ids).size).toBe(total);
  });

  it('falls back to defaults for a bad page', async () => {
    const { body } = await rt.get<{ page: number; list: Column[] }>(
      '/api/index/classifyList?page=abc',
    );
    expect(body.code).toBe(200);
    expect(body.data.page).toBe(1);
    expect(body.data.list).toHaveLength(8);
  });
});

describe('GET /api/classify/detail/{id}', () => {
  it('answers a column with its published courses', async () => {
    const col = await rt.db
      .selectFrom('classifies')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { body } = await rt.get<{
      detail: Column & { courses: { id: number; classifyId: number; lessonCount: number }[] };
    }>(`/api/classify/detail/${col.id}`);
    expect(body.code).toBe(200);
    expect(body.data.detail).toMatchObject({ id: col.id, name: col.name });
    const courses = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('classify_id', '=', col.id)
      .where('published', '=', 1)
      .execute();
    expect(body.data.detail.courses.map((c) => c.id).sort()).toEqual(
      courses.map((c) => c.id).sort(),
    );
    expect(body.data.detail.courseCount).toBe(courses.length);
    for (const c of body.data.detail.courses) expect(c.lessonCount).toBeGreaterThan(0);
  });

  it('answers 404 with a Chinese message for an unknown id, 400 for a bad one', async () => {
    const missing = await rt.get('/api/classify/detail/99999');
    expect(missing.body).toEqual({ code: 404, message: '内容不存在或已下线', data: null });
    const bad = await rt.get('/api/classify/detail/abc');
    expect(bad.body).toMatchObject({ code: 400, message: '编号无效' });
  });
});

describe('GET /api/bigClassify/detail/{id} and /api/order/subClassify', () => {
  it('answers a big column with its classifies', async () => {
    const big = await rt.db
      .selectFrom('big_classifies')
      .select(['id', 'name'])
      .orderBy('display_order')
      .executeTakeFirstOrThrow();
    const cols = await rt.db
      .selectFrom('classifies')
      .select('id')
      .where('big_classify_id', '=', big.id)
      .orderBy('display_order')
      .execute();
    const { body } = await rt.get<{ detail: { id: number; name: string; classifies: Column[] } }>(
      `/api/bigClassify/detail/${big.id}`,
    );
    expect(body.code).toBe(200);
    expect(body.data.detail).toMatchObject({ id: big.id, name: big.name });
    expect(body.data.detail.classifies.map((c) => c.id)).toEqual(cols.map((c) => c.id));

    const sub = await rt.get<{ list: Column[] }>(`/api/order/subClassify?bigClassifyId=${big.id}`);
    expect(sub.body.data.list.map((c) => c.id)).toEqual(cols.map((c) => c.id));
  });

  it('answers 404 for unknown ids and 400 without an id', async () => {
    expect((await rt.get('/api/bigClassify/detail/99999')).body.code).toBe(404);
    expect((await rt.get('/api/order/subClassify?bigClassifyId=99999')).body.code).toBe(404);
    expect((await rt.get('/api/order/subClassify')).body).toMatchObject({
      code: 400,
      message: '编号无效',
    });
  });
});

describe('labels', () => {
  it('findListByCourseType leads with 全部 and lists the type’s labels in order', async () => {
    const labels = await rt.db
      .selectFrom('labels')
      .select(['id', 'name'])
      .where('course_type', '=', 1)
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    const { body } = await rt.get<{ list: { id: number | ''; name: string; active: boolean }[] }>(
      '/api/index/label/findListByCourseType?courseType=1',
    );
    expect(body.code).toBe(200);
    expect(body.data.list[0]).toEqual({ id: '', name: '全部', active: true });
    expect(body.data.list.slice(1).map((l) => l.id)).toEqual(labels.map((l) => l.id));
    expect((await rt.get('/api/index/label/findListByCourseType')).body.code).toBe(400);
    expect((await rt.get('/api/index/label/findListByCourseType?courseType=x')).body.code).toBe(
      400,
    );
  });

  it('label detail answers the label with its published course count', async () => {
    const label = await rt.db
      .selectFrom('labels')
      .select(['id', 'name'])
      .where('name', '=', '免费')
      .executeTakeFirstOrThrow();
    const free = await rt.db
      .selectFrom('course_labels as cl')
      .innerJoin('courses as k', 'k.id', 'cl.course_id')
      .select('k.id')
      .where('cl.label_id', '=', label.id)
      .where('k.published', '=', 1)
      .execute();
    const { body } = await rt.get(`/api/label/detail/${label.id}`);
    expect(body).toEqual({
      code: 200,
      message: '成功',
      data: { detail: { id: label.id, name: '免费', courseType: 1, courseCount: free.length } },
    });
    expect((await rt.get('/api/label/detail/99999')).body.code).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

interface Summary {
  id: number;
  title: string;
  priceCents: number;
  free: boolean;
  recommended: boolean;
  lessonCount: number;
  labels: { id: number; name: string }[];
}
type Paged<T> = { list: T[]; count: number; page: number; size: number };

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const byId = (a: number, b: number) => a - b;

describe('GET /api/course/list', () => {
  it('lists every published course with the total count, newest first', async () => {
    const rows = await rt.db
      .selectFrom('courses')
      .select(['id', 'created_at'])
      .where('published', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(rows).toHaveLength(12);
    const { body } = await rt.get<Paged<Summary>>('/api/course/list?size=50');
    expect(body.code).toBe(200);
    expect(body.data.count).toBe(12);
    expect(body.data.list.map((c) => c.id)).toEqual(rows.map((r) => r.id));
  });

  it('paginates', async () => {
    const p1 = await rt.get<Paged<Summary>>('/api/course/list?page=1&size=5');
    const p3 = await rt.get<Paged<Summary>>('/api/course/list?page=3&size=5');
    expect(p1.body.data).toMatchObject({ count: 12, page: 1, size: 5 });
    expect(p1.body.data.list).toHaveLength(5);
    expect(p3.body.data.list).toHaveLength(2);
  });

  it('filters by column, label and a title word (case-insensitive, wildcards literal)', async () => {
    const col = await rt.db
      .selectFrom('classifies')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inCol = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('classify_id', '=', col.id)
      .execute();
    const byCol = await rt.get<Paged<Summary>>(`/api/course/list?classifyId=${col.id}`);
    expect(byCol.body.data.list.map((c) => c.id).sort(byId)).toEqual(
      inCol.map((c) => c.id).sort(byId),
    );

    const free = await rt.db
      .selectFrom('labels')
      .select('id')
      .where('name', '=', '免费')
      .executeTakeFirstOrThrow();
    const byLabel = await rt.get<Paged<Summary>>(`/api/course/list?labelId=${free.id}`);
    expect(byLabel.body.data.count).toBe(5);
    for (const c of byLabel.body.data.list) expect(c.labels.map((l) => l.name)).toContain('免费');

    const word = await rt.get<Paged<Summary>>(
      `/api/course/list?word=${encodeURIComponent('stm32')}`,
    );
    expect(word.body.data.list.map((c) => c.title)).toEqual([
      expect.stringContaining('STM32'),
      expect.stringContaining('STM32'),
    ]);
    expect((await rt.get<Paged<Summary>>('/api/course/list?word=%25')).body.data.count).toBe(0);
    expect(
      (await rt.get<Paged<Summary>>(`/api/course/list?word=${encodeURIComponent('不存在的课程')}`))
        .body.data,
    ).toMatchObject({ list: [], count: 0 });
  });

  it('treats the 全部 label (empty id) as no filter and rejects a bad id', async () => {
    expect((await rt.get<Paged<Summary>>('/api/course/list?labelId=')).body.data.count).toBe(12);
    expect((await rt.get('/api/course/list?labelId=abc')).body).toMatchObject({
      code: 400,
      message: '编号无效',
    });
    expect((await rt.get('/api/course/list?classifyId=-1')).body.code).toBe(400);
  });
});

describe('recommended courses', () => {
  it.each(['/api/index/courseRecommend', '/api/course/courseRecommList'])(
    '%s lists only recommended courses',
    async (path) => {
      const rec = await rt.db
        .selectFrom('courses')
        .select('id')
        .where('recommended', '=', 1)
        .where('published', '=', 1)
        .execute();
      const { body } = await rt.get<{ list: Summary[] }>(path);
      expect(body.code).toBe(200);
      expect(body.data.list.map((c) => c.id).sort(byId)).toEqual(rec.map((r) => r.id).sort(byId));
      for (const c of body.data.list) expect(c.recommended).toBe(true);
    },
  );
});

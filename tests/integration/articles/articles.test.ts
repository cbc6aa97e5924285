/**
 * The article calls of spec 7 through the real app and a seeded database:
 * exact fields, counts that match the database, the order of each filter
 * type, pagination, and the 404/400 answers a client sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';
import { readingMinutes } from '../../../src/shared/reading.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

interface Summary {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  authorName: string;
  publishedAt: string;
  viewCount: number;
  laudCount: number;
  classifyId: number;
  classifyName: string;
}
interface Paged<T> {
  list: T[];
  count: number;
  page: number;
  size: number;
}
interface Classify {
  id: number;
  name: string;
  parentId: number | null;
}

const SUMMARY_KEYS = [
  'authorName',
  'classifyId',
  'classifyName',
  'cover',
  'id',
  'laudCount',
  'publishedAt',
  'summary',
  'title',
  'viewCount',
];
const NOT_FOUND = { code: 404, message: '内容不存在或已下线', data: null };

/** Published articles straight from the database, in the order a filter type should give. */
async function expectedIds(
  type: 1 | 2 | 3,
  where: { classifyId?: number; secondClassifyId?: number } = {},
): Promise<number[]> {
  let q = rt.db
    .selectFrom('articles')
    .select(['id', 'recommended', 'view_count', 'published_at'])
    .where('status', '=', 'published')
    .where('published_at', '<=', rt.clock.now().toISOString());
  if (where.classifyId) q = q.where('classify_id', '=', where.classifyId);
  if (where.secondClassifyId) q = q.where('second_classify_id', '=', where.secondClassifyId);
  const rows = await q.execute();
  const key = (r: (typeof rows)[number]) =>
    [type === 1 ? r.recommended : type === 3 ? r.view_count : 0, r.published_at!, r.id] as const;
  return rows
    .sort((a, b) => {
      const [a1, a2, a3] = key(a);
      const [b1, b2, b3] = key(b);
      return b1 - a1 || b2.localeCompare(a2) || b3 - a3;
    })
    .map((r) => r.id);
}

async function firstClassifyWithChildren(): Promise<{ top: Classify; child: Classify }> {
  const { body } = await rt.get<{ list: (Classify & { children: Classify[] })[] }>(
    '/api/article/classifyAll',
  );
  const top = body.data.list.find((c) => c.children.length > 1)!;
  return { top, child: top.children[1]! };
}

describe('article lists', () => {
  it('lists published articles with exactly the summary fields, counted as in the database', async () => {
    const { body } = await rt.get<Paged<Summary>>('/api/article/list?type=2&size=10');
    expect(body.code).toBe(200);
    expect(body.data.page).toBe(1);
    expect(body.data.size).toBe(10);
    expect(body.data.list).toHaveLength(10);
    expect(Object.keys(body.data.list[0]!).sort()).toEqual(SUMMARY_KEYS);
    expect(body.data.count).toBe((await expectedIds(2)).length);
    expect(body.data.count).toBeGreaterThanOrEqual(60);
    const pending = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '<>', 'published')
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    const all = await rt.get<Paged<Summary>>('/api/article/list?type=2&size=100');
    const ids = all.body.data.list.map((a) => a.id);
    for (const p of pending) expect(ids).not.toContain(p.id);
  });

  it.each([1, 2, 3] as const)(
    'orders filter type %i as the database does, page after page',
    async (type) => {
      const expected = await expectedIds(type);
      const p1 = await rt.get<Paged<Summary>>(`/api/article/list?type=${type}&size=7`);
      const p2 = await rt.get<Paged<Summary>>(`/api/article/list?type=${type}&size=7&page=2`);
      expect(p1.body.data.list.map((a) => a.id)).toEqual(expected.slice(0, 7));
      expect(p2.body.data.list.map((a) => a.id)).toEqual(expected.slice(7, 14));
      expect(p2.body.data.page).toBe(2);
      const index = await rt.get<{ list: Summary[] }>(
        `/api/index/articleIndexList?type=${type}&size=5`,
      );
      expect(index.body.data.list.map((a) => a.id)).toEqual(expected.slice(0, 5));
      expect(Object.keys(index.body.data).sort()).toEqual(['list']);
    },
  );

  it('defaults to the recommended order and filters by classify and second classify', async () => {
    const dflt = await rt.get<Paged<Summary>>('/api/article/list');
    expect(dflt.body.data.list.map((a) => a.id)).toEqual((await expectedIds(1)).slice(0, 20));
    const { top, child } = await firstClassifyWithChildren();
    const byTop = await rt.get<Paged<Summary>>(
      `/api/article/list?classifyId=${top.id}&type=2&size=100`,
    );
    expect(byTop.body.data.list.map((a) => a.id)).toEqual(
      await expectedIds(2, { classifyId: top.id }),
    );
    expect(
      byTop.body.data.list.every((a) => a.classifyId === top.id && a.classifyName === top.name),
    ).toBe(true);
    const bySecond = await rt.get<Paged<Summary>>(
      `/api/article/list?classifyId=${top.id}&secondClassifyId=${child.id}&type=3`,
    );
    const expected = await expectedIds(3, { secondClassifyId: child.id });
    expect(bySecond.body.data.count).toBe(expected.length);
    expect(bySecond.body.data.list.map((a) => a.id)).toEqual(expected);
  });

  it('leaves out articles dated in the future', async () => {
    const future = new Date(rt.clock.now().getTime() + 86_400_000).toISOString();
    const { top } = await firstClassifyWithChildren();
    const row = await rt.db
      .insertInto('articles')
      .values({
        classify_id: top.id,
        title: '明天才发布的文章',
        summary: '',
        content: '<p>x</p>',
        author_name: '测试',
        status: 'published',
        recommended: 1,
        published_at: future,
        created_at: future,
        updated_at: future,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await rt.get<Paged<Summary>>('/api/article/list?size=100');
    expect(list.body.data.list.map((a) => a.id)).not.toContain(row.id);
    expect((await rt.get(`/api/article/detail?id=${row.id}`)).body).toEqual(NOT_FOUND);
    await rt.db.deleteFrom('articles').where('id', '=', row.id).execute();
  });

  it('answers 400 with a Chinese message for bad filters', async () => {
    expect((await rt.get('/api/article/list?classifyId=abc')).body).toEqual({
      code: 400,
      message: '编号无效',
      data: null,
    });
    expect((await rt.get('/api/article/list?type=9')).body).toEqual({
      code: 400,
      message: '筛选类型无效',
      data: null,
    });
    expect((await rt.get('/api/index/articleIndexList?type=x')).body).toEqual({
      code: 400,
      message: '筛选类型无效',
      data: null,
    });
  });
});

describe('article detail', () => {
  it('answers the body, classify names and a counted view', async () => {
    const [id] = await expectedIds(2);
    const before = await rt.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    const { body } = await rt.get<{ detail: Summary & Record<string, unknown> }>(
      `/api/article/detail?id=${id}`,
    );
    expect(body.code).toBe(200);
    const d = body.data.detail;
    expect(Object.keys(d).sort()).toEqual(
      [
        ...SUMMARY_KEYS,
        'authorId',
        'content',
        'ipRegion',
        'readingMinutes',
        'secondClassifyId',
        'secondClassifyName',
        'source',
        'updatedAt',
      ].sort(),
    );
    const second = await rt.db
      .selectFrom('article_classifies')
      .select('name')
      .where('id', '=', before.second_classify_id!)
      .executeTakeFirstOrThrow();
    expect(d).toMatchObject({
      id,
      title: before.title,
      content: before.content,
      authorName: before.author_name,
      authorId: before.user_id,
      publishedAt: before.published_at,
      secondClassifyName: second.name,
    });
    expect(d.content).toContain('<h2>');
    // 阅读时长: the seeded bodies run a few minutes at 400 characters a minute.
    expect(d.readingMinutes).toBe(readingMinutes(before.content));
    expect(d.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(d.viewCount).toBe(before.view_count + 1);
    const after = await rt.db
      .selectFrom('articles')
      .select('view_count')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(after.view_count).toBe(before.view_count + 1);
  });

  it('answers 404 for unknown and unpublished articles, 400 for a bad id', async () => {
    const pending = await rt.db
      .selectFrom('articles')
      .select(['id', 'view_count'])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect((await rt.get(`/api/article/detail?id=${pending.id}`)).body).toEqual(NOT_FOUND);
    const after = await rt.db
      .selectFrom('articles')
      .select('view_count')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(after.view_count).toBe(pending.view_count);
    expect((await rt.get('/api/article/detail?id=999999')).body).toEqual(NOT_FOUND);
    expect((await rt.get('/api/article/detail?id=abc')).body).toEqual({
      code: 400,
      message: '编号无效',
      data: null,
    });
    expect((await rt.get('/api/article/detail')).body.code).toBe(400);
  });
});

describe('related and recommended articles', () => {
  it('relates articles of the same classify, same second classify first, without the article itself', async () => {
    const [id] = await expectedIds(2);
    const self = await rt.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    const { body } = await rt.get<{ list: Summary[] }>(`/api/index/relatedArtile?id=${id}&size=50`);
    const list = body.data.list;
    expect(list.map((a) => a.id)).not.toContain(id);
    expect(list.every((a) => a.classifyId === self.classify_id)).toBe(true);
    expect(list).toHaveLength((await expectedIds(2, { classifyId: self.classify_id })).length - 1);
    const sameSecond = await expectedIds(2, { secondClassifyId: self.second_classify_id! });
    expect(list.slice(0, sameSecond.length - 1).map((a) => a.id)).toEqual(
      sameSecond.filter((x) => x !== id),
    );
    expect(
      (await rt.get<{ list: Summary[] }>(`/api/index/relatedArtile?id=${id}`)).body.data.list,
    ).toHaveLength(6);
    expect((await rt.get('/api/index/relatedArtile?id=999999')).body).toEqual(NOT_FOUND);
  });

  it('recommends only recommended articles, newest first', async () => {
    const { body } = await rt.get<{ list: Summary[] }>('/api/index/articleRecommend?size=50');
    const rows = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .where('recommended', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(body.data.list.map((a) => a.id)).toEqual(rows.map((r) => r.id));
    expect(
      (await rt.get<{ list: Summary[] }>('/api/index/articleRecommend')).body.data.list,
    ).toHaveLength(6);
  });
});

describe('classifies', () => {
  it('lists the top classifies and their second classifies in display order', async () => {
    const tops = await rt.db
      .selectFrom('article_classifies')
      .select(['id', 'name'])
      .where('parent_id', 'is', null)
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    const { body } = await rt.get<{ list: Classify[] }>('/api/article/classify');
    expect(body.data.list).toEqual(tops.map((t) => ({ ...t, parentId: null })));
    expect(body.data.list).toHaveLength(6);
    const all = await rt.get<{ list: (Classify & { children: Classify[] })[] }>(
      '/api/article/classifyAll',
    );
    expect(all.body.data.list.map((c) => c.id)).toEqual(tops.map((t) => t.id));
    const first = all.body.data.list[0]!;
    expect(first.children.length).toBeGreaterThan(0);
    const seconds = await rt.get<{ list: Classify[] }>(
      `/api/article/secondClassify?classifyId=${first.id}`,
    );
    expect(seconds.body.data.list).toEqual(first.children);
    expect(seconds.body.data.list.every((c) => c.parentId === first.id)).toBe(true);
  });

  it('answers 404 for an unknown or second-level classify, 400 without one', async () => {
    const child = (await firstClassifyWithChildren()).child;
    expect((await rt.get(`/api/article/secondClassify?classifyId=${child.id}`)).body).toEqual(
      NOT_FOUND,
    );
    expect((await rt.get('/api/article/secondClassify?classifyId=999999')).body).toEqual(NOT_FOUND);
    expect((await rt.get('/api/article/secondClassify')).body.code).toBe(400);
  });

  it('counts published articles per classify and second classify', async () => {
    const { body } = await rt.get<{
      list: (Classify & { count: number; children: (Classify & { count: number })[] })[];
    }>('/api/article/category');
    let total = 0;
    for (const c of body.data.list) {
      expect(c.count).toBe((await expectedIds(2, { classifyId: c.id })).length);
      for (const s of c.children)
        expect(s.count).toBe((await expectedIds(2, { secondClassifyId: s.id })).length);
      total += c.count;
    }
    expect(total).toBe((await expectedIds(2)).length);
  });
});

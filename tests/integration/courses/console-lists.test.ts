/**
 * The console's reads of the catalogue (issue 12) on SQLite and PostgreSQL:
 * the column tree with course counts, every course (published or not) with
 * its lesson count, a course's lessons in order; members refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let editor = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  editor = (await codeLogin(rt, '13800138004')).token;
});

afterAll(async () => {
  await rt?.close();
});

it('lists columns, unpublished courses and lessons in order, for staff only', async () => {
  const admin = (await codeLogin(rt, DEMO.admin)).token;
  const big = await call<{ id: number }>(rt, '/api/admin/bigcolumn/create', {
    form: { name: '射频测试大专栏' },
    token: admin,
  });
  const col = await call<{ id: number }>(rt, '/api/admin/column/create', {
    form: { name: '天线设计', bigColumnId: String(big.body.data.id) },
    token: admin,
  });
  const course = await call<{ id: number }>(rt, '/api/admin/course/create', {
    form: {
      classifyId: String(col.body.data.id),
      title: '天线匹配测试课',
      description: '史密斯圆图与匹配网络。',
      teacher: '王工',
      type: '1',
      priceCents: '9900',
      published: '0',
    },
    token: admin,
  });
  const courseId = course.body.data.id;
  for (const [title, sortOrder] of [
    ['第二课', '2'],
    ['第一课', '1'],
  ] as const)
    await call(rt, '/api/admin/lesson/create', {
      form: { courseId: String(courseId), title, videoUrl: '', durationSeconds: '600', sortOrder },
      token: admin,
    });

  const tree = await call<{
    list: { name: string; columns: { name: string; courses: number }[] }[];
  }>(rt, '/api/admin/bigcolumn/list', { token: editor });
  expect(tree.body.data.list.find((b) => b.name === '射频测试大专栏')!.columns).toEqual([
    expect.objectContaining({ name: '天线设计', courses: 1 }),
  ]);
  const courses = await call<{ list: Record<string, unknown>[]; count: number }>(
    rt,
    `/api/admin/course/list?q=${encodeURIComponent('天线匹配测试课')}`,
    { token: editor },
  );
  expect(courses.body.data.list).toEqual([
    expect.objectContaining({
      id: courseId,
      columnName: '天线设计',
      priceCents: 9900,
      published: false,
      lessons: 2,
    }),
  ]);
  const lessons = await call<{ list: { title: string }[] }>(
    rt,
    `/api/admin/lesson/list?courseId=${courseId}`,
    { token: editor },
  );
  expect(lessons.body.data.list.map((l) => l.title)).toEqual(['第一课', '第二课']);
  const lives = await call<{
    list: { title: string; reservations: number; startAt: string }[];
    count: number;
  }>(rt, '/api/admin/live/list?size=50', { token: editor });
  const stored = await rt.deps.db
    .selectFrom('live_broadcasts')
    .select(['title', 'start_at'])
    .orderBy('start_at', 'desc')
    .execute();
  expect(lives.body.data.count).toBe(stored.length);
  expect(lives.body.data.list.map((l) => l.title)).toEqual(stored.map((l) => l.title));
  const resources = await call<{ count: number }>(rt, '/api/admin/resource/list', {
    token: editor,
  });
  const files = await rt.deps.db
    .selectFrom('resources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(resources.body.data.count).toBe(Number(files.n));
  const member = (await codeLogin(rt, '13800138001')).token;
  for (const path of [
    '/api/admin/bigcolumn/list',
    '/api/admin/course/list',
    `/api/admin/lesson/list?courseId=${courseId}`,
  ])
    expect((await call(rt, path, { token: member })).body.code).toBe(403);
});

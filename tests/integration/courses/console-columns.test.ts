/**
 * Big columns and columns for staff (issue 12), and the console's first flow
 * through the API: an editor makes a column, a priced course in it with two
 * lessons, and the public pages' calls show them; names and deletions are
 * checked; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let editor: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  editor = await rt.tokenFor('13800138004');
});
afterAll(async () => {
  await rt.close();
});

describe('columns', () => {
  it('an editor makes a column, a priced course in it with two lessons, and they are public', async () => {
    const big = await rt.post<{ id: number }>(
      '/api/admin/bigcolumn/create',
      { name: '功率电子', description: '电源与电机驱动' },
      editor,
    );
    expect(big.body.code, big.body.message).toBe(200);
    const column = await rt.post<{ id: number }>(
      '/api/admin/column/create',
      {
        name: 'GaN 快充设计',
        description: '氮化镓快充从选型到量产',
        bigColumnId: String(big.body.data.id),
      },
      editor,
    );
    expect(column.body.code, column.body.message).toBe(200);
    const columnId = column.body.data.id;
    const course = await rt.post<{ id: number }>(
      '/api/admin/course/create',
      {
        classifyId: String(columnId),
        title: '65W GaN 快充实战',
        description: '拓扑、变压器与 EMI。',
        teacher: '林雨桐',
        type: '1',
        priceCents: '9900',
      },
      editor,
    );
    expect(course.body.code, course.body.message).toBe(200);
    const courseId = course.body.data.id;
    for (const [i, title] of ['QR 反激拓扑', '平面变压器设计'].entries()) {
      const lesson = await rt.post(
        '/api/admin/lesson/create',
        {
          courseId: String(courseId),
          title,
          videoUrl: '/media/gen/lesson-1/index.m3u8',
          durationSeconds: String(600 + i),
          freePreview: i === 0 ? '1' : '0',
        },
        editor,
      );
      expect(lesson.body.code, lesson.body.message).toBe(200);
    }
    const detail = await rt.get<{ detail: { courses: { id: number }[] } }>(
      `/api/classify/detail/${columnId}`,
    );
    expect(detail.body.data.detail.courses.map((c) => c.id)).toEqual([courseId]);
    const shown = await rt.get<{ detail: { lessons: { title: string }[]; priceCents: number } }>(
      `/api/course/detail/${courseId}`,
    );
    expect(shown.body.data.detail.lessons.map((l) => l.title)).toEqual([
      'QR 反激拓扑',
      '平面变压器设计',
    ]);
    expect(shown.body.data.detail.priceCents).toBe(9900);
    const admin = await rt.tokenFor(DEMO.admin);
    const log = await rt.get<{ list: { action: string; after: { name: string } }[] }>(
      `/api/admin/audit?targetType=column&targetId=${columnId}&page=1&size=10`,
      admin,
    );
    expect(log.body.data.list).toMatchObject([
      { action: '/api/admin/column/create', after: { name: 'GaN 快充设计' } },
    ]);
  });

  it('refuses a second column of the same name, and keeps a column that holds courses', async () => {
    const big = (
      await rt.db.selectFrom('big_classifies').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const name = (
      await rt.db
        .selectFrom('classifies')
        .select('name')
        .where('big_classify_id', '=', big)
        .executeTakeFirstOrThrow()
    ).name;
    expect(
      (await rt.post('/api/admin/column/create', { name, bigColumnId: String(big) }, editor)).body,
    ).toEqual({ code: 409, message: '同名专栏已存在', data: null });
    const withCourse = await rt.db
      .selectFrom('courses')
      .select('classify_id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await rt.post('/api/admin/column/delete', { id: String(withCourse.classify_id) }, editor))
        .body,
    ).toEqual({ code: 409, message: '该专栏下还有课程，请先移走或删除', data: null });
    expect(
      (await rt.post('/api/admin/bigcolumn/delete', { id: String(big) }, editor)).body.message,
    ).toBe('该大专栏下还有专栏，请先移走或删除');
  });

  it('an edit of the name keeps the description; an empty column is deleted', async () => {
    const big = (
      await rt.db.selectFrom('big_classifies').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const made = await rt.post<{ id: number }>(
      '/api/admin/column/create',
      { name: '临时专栏', description: '保留的简介', bigColumnId: String(big) },
      editor,
    );
    const id = made.body.data.id;
    await rt.post('/api/admin/column/update', { id: String(id), name: '改名后的专栏' }, editor);
    const row = await rt.db
      .selectFrom('classifies')
      .select(['name', 'description'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '改名后的专栏', description: '保留的简介' });
    expect((await rt.post('/api/admin/column/delete', { id: String(id) }, editor)).body.code).toBe(
      200,
    );
    expect(
      await rt.db.selectFrom('classifies').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
  });
});

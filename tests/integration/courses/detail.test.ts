/**
 * The course detail call and its lesson gating: paid lesson videos reach only
 * members holding a paid order (seed: member 1 paid for the STM32 course,
 * member 2 has no order for it, member 3's interview-course order is unpaid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

interface Summary {
  id: number;
  title: string;
  priceCents: number;
  free: boolean;
  recommended: boolean;
  lessonCount: number;
  labels: { id: number; name: string }[];
}
interface Lesson {
  id: number;
  title: string;
  durationSeconds: number;
  freePreview: boolean;
  locked: boolean;
  videoUrl: string | null;
}
interface Detail extends Summary {
  description: string;
  type: number;
  totalDurationSeconds: number;
  lessons: Lesson[];
  favorite: boolean;
}

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/course/detail/{id}', () => {
  async function courseId(titleStart: string): Promise<number> {
    const rows = await rt.db.selectFrom('courses').select(['id', 'title']).execute();
    const c = rows.find((r) => r.title.startsWith(titleStart));
    if (!c) throw new Error(`no course ${titleStart}`);
    return c.id;
  }

  it('answers the detail with outline, counts, duration, labels, price and type', async () => {
    const id = await courseId('STM32F103 从零到项目');
    const lessons = await rt.db
      .selectFrom('lessons')
      .select(['id', 'duration_seconds'])
      .where('course_id', '=', id)
      .orderBy('sort_order')
      .execute();
    const { body } = await rt.get<{ detail: Detail }>(`/api/course/detail/${id}`);
    expect(body.code).toBe(200);
    const d = body.data.detail;
    expect(d).toMatchObject({
      id,
      priceCents: 9900,
      free: false,
      type: 1,
      favorite: false,
      lessonCount: lessons.length,
    });
    expect(d.lessons.map((l) => l.id)).toEqual(lessons.map((l) => l.id));
    expect(d.totalDurationSeconds).toBe(lessons.reduce((s, l) => s + l.duration_seconds, 0));
    expect(d.labels.map((l) => l.name)).toEqual(['入门', '实战', '热门']);
    expect(d.description).toContain('<h3>');
  });

  it('hides paid lesson videos from visitors and members without a paid order', async () => {
    const id = await courseId('STM32F103 从零到项目');
    // Seed: member 2 has no order for this course.
    const orders = await rt.db
      .selectFrom('orders')
      .select('id')
      .where('course_id', '=', id)
      .where('user_id', '=', await rt.userId(DEMO.members[1]))
      .execute();
    expect(orders).toHaveLength(0);
    for (const token of [undefined, await rt.tokenFor(DEMO.members[1])]) {
      const { body } = await rt.get<{ detail: Detail }>(`/api/course/detail/${id}`, token);
      const [first, ...rest] = body.data.detail.lessons;
      expect(first).toMatchObject({
        freePreview: true,
        locked: false,
        videoUrl: expect.stringMatching(/\.m3u8$/),
      });
      expect(rest.length).toBeGreaterThan(0);
      for (const l of rest) expect(l).toMatchObject({ locked: true, videoUrl: null });
      // Only the free preview's URL is anywhere in the answer.
      expect(JSON.stringify(body).match(/\.m3u8/g)).toHaveLength(1);
    }
  });

  it('hides them from a member whose order is unpaid', async () => {
    const id = await courseId('硬件工程师面试');
    const m3 = await rt.userId(DEMO.members[2]);
    const order = await rt.db
      .selectFrom('orders')
      .select('status')
      .where('course_id', '=', id)
      .where('user_id', '=', m3)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(0);
    const { body } = await rt.get<{ detail: Detail }>(
      `/api/course/detail/${id}`,
      await rt.tokenFor(DEMO.members[2]),
    );
    expect(body.data.detail.lessons.filter((l) => l.videoUrl !== null)).toHaveLength(1);
  });

  it('hands every lesson video to a member with a paid order', async () => {
    const id = await courseId('STM32F103 从零到项目');
    const m1 = await rt.userId(DEMO.members[0]);
    const order = await rt.db
      .selectFrom('orders')
      .select('status')
      .where('course_id', '=', id)
      .where('user_id', '=', m1)
      .executeTakeFirstOrThrow();
    expect([1, 2]).toContain(order.status);
    const { body } = await rt.get<{ detail: Detail }>(
      `/api/course/detail/${id}`,
      await rt.tokenFor(DEMO.members[0]),
    );
    for (const l of body.data.detail.lessons)
      expect(l).toMatchObject({ locked: false, videoUrl: expect.stringMatching(/\.m3u8$/) });
  });

  it('opens every lesson of a free course to visitors', async () => {
    const id = await courseId('FreeRTOS');
    const { body } = await rt.get<{ detail: Detail }>(`/api/course/detail/${id}`);
    expect(body.data.detail.free).toBe(true);
    for (const l of body.data.detail.lessons) expect(l.videoUrl).not.toBeNull();
  });

  it('sets the favorite flag for a member who collected the course', async () => {
    const id = await courseId('Buck 变换器');
    const m2 = await rt.userId(DEMO.members[1]);
    await rt.db
      .insertInto('favorites')
      .values({
        user_id: m2,
        target_type: 'course',
        target_id: id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const token = await rt.tokenFor(DEMO.members[1]);
    expect(
      (await rt.get<{ detail: Detail }>(`/api/course/detail/${id}`, token)).body.data.detail
        .favorite,
    ).toBe(true);
    expect(
      (await rt.get<{ detail: Detail }>(`/api/course/detail/${id}`)).body.data.detail.favorite,
    ).toBe(false);
  });

  it('answers 404 for an unknown or unpublished course, 400 for a bad id', async () => {
    expect((await rt.get('/api/course/detail/99999')).body).toEqual({
      code: 404,
      message: '内容不存在或已下线',
      data: null,
    });
    const id = await courseId('射频电路');
    await rt.db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute();
    expect((await rt.get(`/api/course/detail/${id}`)).body.code).toBe(404);
    await rt.db.updateTable('courses').set({ published: 1 }).where('id', '=', id).execute();
    expect((await rt.get('/api/course/detail/0')).body.code).toBe(400);
  });
});

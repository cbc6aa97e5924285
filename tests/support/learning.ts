/** Helpers of the learning tests: the seeded LDO course made quick to watch. */
import type { TestRuntime } from './runtime.ts';

/**
 * The seeded LDO course (线性稳压器与 LDO 应用入门, whose lessons carry the demo's checks) with
 * every lesson turned into 12 s of a remote stream, whose length is the catalogue's: a test
 * watches it through in a few clock steps. Answers the course id and its lessons in order.
 */
export async function shortLdoCourse(rt: TestRuntime): Promise<{ id: number; lessons: number[] }> {
  const c = await rt.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', '线性稳压器%')
    .executeTakeFirstOrThrow();
  await rt.db
    .updateTable('lessons')
    .set({ duration_seconds: 12, video_url: 'https://media.example.com/demo/lesson-12s.m3u8' })
    .where('course_id', '=', c.id)
    .execute();
  const lessons = await rt.db
    .selectFrom('lessons')
    .select('id')
    .where('course_id', '=', c.id)
    .orderBy('sort_order')
    .execute();
  return { id: c.id, lessons: lessons.map((l) => l.id) };
}

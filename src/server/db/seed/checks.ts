/** The demo's checks inside lessons (content/lesson-checks.ts), on the seeded lessons. */
import { LESSON_CHECKS } from './content/lesson-checks.ts';
import { findCourse, type SeededCourse } from './courses.ts';
import { insertRows, shift, type SeedContext } from './util.ts';

export async function seedLessonChecks(ctx: SeedContext, courses: SeededCourse[]): Promise<void> {
  const rows = [];
  for (const [i, c] of LESSON_CHECKS.entries()) {
    const course = findCourse(courses, c.course);
    const lesson = await ctx.db
      .selectFrom('lessons')
      .select('id')
      .where('course_id', '=', course.id)
      .where('sort_order', '=', c.lesson + 1)
      .executeTakeFirstOrThrow();
    const at = shift(ctx.now, { days: -100, minutes: i });
    rows.push({
      lesson_id: lesson.id,
      kind: c.kind,
      prompt: c.prompt,
      options: JSON.stringify(c.options ?? []),
      answer: JSON.stringify(c.answer),
      explanation: c.explanation,
      at_seconds: c.atSeconds,
      max_tries: 2,
      sort_order: i + 1,
      created_at: at,
      updated_at: at,
    });
  }
  await insertRows(ctx, 'lesson_checks', rows);
}

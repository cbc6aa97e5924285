/**
 * A course's lessons, for staff (issue 15; the console of issue 12 drives
 * these). Form-encoded or JSON; on update, fields left out keep their value.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  createLesson,
  listAdminLessons,
  deleteLesson,
  reorderLessons,
  updateLesson,
  COURSES_MSG,
} from '../../../services/courses/index.ts';
import { chapters, crud, duration, flag, idList, mediaUrl, subtitles, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const lesson = z.object({
  title: text(100, MSG.form.title),
  videoUrl: mediaUrl,
  durationSeconds: duration,
  sortOrder: z.coerce.number({ error: MSG.badRequest }).int().min(0).max(10_000).optional(),
  freePreview: flag.optional(),
  chapters: chapters.optional(),
  subtitles: subtitles.optional(),
});

export const lessonManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/lesson/list',
    access: 'staff:content',
    input: z.object({ courseId: requiredId }),
    handler: async ({ deps, input }) => {
      const list = await listAdminLessons(deps, input.courseId);
      return { list, count: list.length };
    },
  }),
  ...crud({
    kind: 'lesson',
    target: 'lesson',
    schema: lesson.extend({ courseId: requiredId }),
    updateSchema: lesson,
    create: (deps, { courseId, ...rest }) => createLesson(deps, courseId, rest),
    update: updateLesson,
    remove: deleteLesson,
  }),
  route({
    method: 'post',
    path: '/api/admin/lesson/reorder',
    audit: { target: 'course', id: (input) => input.courseId },
    access: 'staff:content',
    message: COURSES_MSG.lesson.reordered,
    input: z.object({ courseId: requiredId, ids: idList(COURSES_MSG.lesson.orderRequired, 1) }),
    handler: ({ deps, input }) => reorderLessons(deps, input.courseId, input.ids),
  }),
];

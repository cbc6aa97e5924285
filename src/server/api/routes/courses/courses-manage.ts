/**
 * Courses for staff (section "content"): list, create, edit and delete.
 * Each write refreshes every cached page showing the course at once (issue
 * 3, freshness). Bodies are form-encoded or JSON; on update, fields left out
 * keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { QUESTION_MSG } from '../../../../shared/lesson-questions.ts';
import {
  adminCourseDetail,
  createCourse,
  deleteCourse,
  listAdminCourses,
  updateCourse,
  COURSES_MSG,
} from '../../../services/courses/index.ts';
import { anyUrl, crud, flag, idList, text, withId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const course = z.object({
  classifyId: requiredId,
  title: text(100, MSG.form.title),
  summary: text(300, MSG.form.summary, 0).optional(),
  description: text(50_000, MSG.form.content),
  teacher: text(50, COURSES_MSG.course.teacher),
  /** The teacher's account (phone number) who answers lesson questions; '' for none. */
  teacherMobile: z.string().trim().max(20, QUESTION_MSG.teacherMissing).optional(),
  type: z.coerce
    .number({ error: COURSES_MSG.courseTypeInvalid })
    .int()
    .min(1, COURSES_MSG.courseTypeInvalid)
    .max(4, COURSES_MSG.courseTypeInvalid),
  priceCents: z.coerce
    .number({ error: COURSES_MSG.course.priceInvalid })
    .int(COURSES_MSG.course.priceInvalid)
    .min(0, COURSES_MSG.course.priceInvalid)
    .max(100_000_000, COURSES_MSG.course.priceInvalid),
  cover: anyUrl,
  labelIds: idList(COURSES_MSG.course.labelsInvalid).optional(),
  recommended: flag.optional(),
  examEnabled: flag.optional(),
  published: flag.optional(),
});

export const courseManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/course/list',
    access: 'staff:content',
    input: pageSchema.extend({
      q: z.string().trim().max(50).optional(),
      columnId: z.preprocess((v) => (v === '' ? undefined : v), requiredId.optional()),
    }),
    handler: ({ deps, input }) => listAdminCourses(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/course/detail',
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => adminCourseDetail(deps, input.id),
  }),
  ...crud({
    kind: 'course',
    target: 'course',
    schema: course,
    create: (deps, input) => createCourse(deps, { ...input, summary: input.summary ?? '' }),
    update: updateCourse,
    remove: deleteCourse,
  }),
];

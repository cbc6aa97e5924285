/**
 * Courses for staff (section "content"): list, create, edit and delete.
 * Each write refreshes every cached page showing the course at once (issue
 * 3, freshness). Bodies are form-encoded or JSON; on update, fields left out
 * keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  adminCourseDetail,
  createCourse,
  deleteCourse,
  listAdminCourses,
  updateCourse,
} from '../../../services/courses/index.ts';
import { anyUrl, createdId, flag, idList, text, withId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  summary: '摘要不能超过300个字',
  content: '请输入正文（不超过50000个字）',
  teacher: '请输入讲师（不超过50个字）',
  courseType: '课程类型无效',
  price: '价格无效',
} as const;

const course = z.object({
  classifyId: requiredId,
  title: text(100, TEXT.title),
  summary: text(300, TEXT.summary, 0).optional(),
  description: text(50_000, TEXT.content),
  teacher: text(50, TEXT.teacher),
  type: z.coerce
    .number({ error: TEXT.courseType })
    .int()
    .min(1, TEXT.courseType)
    .max(4, TEXT.courseType),
  priceCents: z.coerce
    .number({ error: TEXT.price })
    .int(TEXT.price)
    .min(0, TEXT.price)
    .max(100_000_000, TEXT.price),
  cover: anyUrl,
  labelIds: idList('所选标签无效').optional(),
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
  route({
    method: 'post',
    path: '/api/admin/course/create',
    audit: {
      target: 'course',
      id: createdId,
    },
    access: 'staff:content',
    input: course,
    handler: ({ deps, input }) => createCourse(deps, { ...input, summary: input.summary ?? '' }),
  }),
  route({
    method: 'post',
    path: '/api/admin/course/update',
    audit: { target: 'course', id: (input) => input.id },
    access: 'staff:content',
    input: course.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id: courseId, ...rest } }) => updateCourse(deps, courseId, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/course/delete',
    audit: { target: 'course', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => deleteCourse(deps, input.id),
  }),
];

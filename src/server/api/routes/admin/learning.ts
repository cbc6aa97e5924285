/**
 * Lessons, live broadcasts and the job queue, for admins (issue 15; the
 * console of issue 12 drives these). Form-encoded or JSON; on update, fields
 * left out keep their value.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  createLesson,
  listAdminLessons,
  deleteLesson,
  reorderLessons,
  updateLesson,
} from '../../../services/courses/index.ts';
import {
  listAdminLives,
  createLive,
  deleteLive,
  updateLive,
} from '../../../services/live/index.ts';
import { listJobs } from '../../../services/jobs/index.ts';
import { queueSearchRebuild } from '../../../services/search/index.ts';
import { createdId, duration, flag, idList } from './fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  summary: '摘要不能超过300个字',
  description: '请输入介绍（不超过50000个字）',
  speaker: '请输入主讲人（不超过50个字）',
  order: '请给出课程全部课时的新顺序',
  time: '请输入正确的时间',
  media: '视频地址须为站内路径或 https 地址，且不超过500个字',
} as const;

const text = (max: number, message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);
/** A site path or an https URL; '' clears it. */
const mediaUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: TEXT.media })
    .trim()
    .max(500, TEXT.media)
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, TEXT.media)
    .nullable(),
);
const clearableId = z.preprocess((v) => (v === '' ? null : v), requiredId.nullable());
const time = z.coerce
  .date({ error: TEXT.time })
  .refine((d) => !Number.isNaN(d.getTime()), TEXT.time);

const lesson = z.object({
  title: text(100, TEXT.title),
  videoUrl: mediaUrl,
  durationSeconds: duration,
  sortOrder: z.coerce.number({ error: MSG.badRequest }).int().min(0).max(10_000).optional(),
  freePreview: flag.optional(),
});

const live = z.object({
  title: text(100, TEXT.title),
  summary: text(300, TEXT.summary, 0).default(''),
  description: text(50_000, TEXT.description),
  speaker: text(50, TEXT.speaker),
  startAt: time,
  endAt: time,
  cover: mediaUrl.optional(),
  companyId: clearableId.optional(),
  courseId: clearableId.optional(),
  streamUrl: mediaUrl.optional(),
  htmlUrl: z
    .preprocess((v) => (v === '' ? null : v), z.string().max(2000, TEXT.media).nullable())
    .optional(),
  replayUrl: mediaUrl.optional(),
  recommended: flag.optional(),
  examEnabled: flag.optional(),
});

export const adminLearningRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/live/list',
    access: 'staff:content',
    input: pageSchema,
    handler: ({ deps, input }) => listAdminLives(deps, input),
  }),
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
  route({
    method: 'post',
    path: '/api/admin/lesson/create',
    audit: {
      target: 'lesson',
      id: createdId,
    },
    access: 'staff:content',
    input: lesson.extend({ courseId: requiredId }),
    handler: ({ deps, input: { courseId, ...rest } }) => createLesson(deps, courseId, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/lesson/update',
    audit: { target: 'lesson', id: (input) => input.id },
    access: 'staff:content',
    input: lesson.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id, ...rest } }) => updateLesson(deps, id, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/lesson/delete',
    audit: { target: 'lesson', id: (input) => input.id },
    access: 'staff:content',
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteLesson(deps, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/lesson/reorder',
    audit: { target: 'course', id: (input) => input.courseId },
    access: 'staff:content',
    message: '课时顺序已保存',
    input: z.object({ courseId: requiredId, ids: idList(TEXT.order, 1) }),
    handler: ({ deps, input }) => reorderLessons(deps, input.courseId, input.ids),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/delete',
    audit: { target: 'live', id: (input) => input.id },
    access: 'staff:content',
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteLive(deps, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/create',
    audit: { target: 'live', id: createdId },
    access: 'staff:content',
    input: live,
    handler: ({ deps, input }) => createLive(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/update',
    audit: { target: 'live', id: (input) => input.id },
    access: 'staff:content',
    input: live
      .partial()
      .extend({ id: requiredId, summary: text(300, TEXT.summary, 0).optional() }),
    handler: ({ deps, input: { id, ...rest } }) => updateLive(deps, id, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/search/rebuild',
    access: 'admin',
    message: '已安排重建搜索索引',
    handler: ({ deps }) => queueSearchRebuild(deps),
  }),
  route({
    method: 'get',
    path: '/api/admin/jobs',
    access: 'admin',
    input: pageSchema.extend({
      status: z
        .enum(['pending', 'running', 'done', 'failed'], { error: MSG.badRequest })
        .optional(),
      kind: z.string().max(50).optional(),
    }),
    handler: ({ deps, input }) => listJobs(deps, input),
  }),
];

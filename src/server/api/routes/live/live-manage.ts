/**
 * Live broadcasts for staff (issue 15; the console of issue 12 drives
 * these). Form-encoded or JSON; on update, fields left out keep their value.
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  listAdminLives,
  createLive,
  deleteLive,
  updateLive,
} from '../../../services/live/index.ts';
import { createdId, flag, MEDIA_URL_TEXT, mediaUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  summary: '摘要不能超过300个字',
  description: '请输入介绍（不超过50000个字）',
  speaker: '请输入主讲人（不超过50个字）',
  time: '请输入正确的时间',
} as const;

const clearableId = z.preprocess((v) => (v === '' ? null : v), requiredId.nullable());
const time = z.coerce
  .date({ error: TEXT.time })
  .refine((d) => !Number.isNaN(d.getTime()), TEXT.time);

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
    .preprocess((v) => (v === '' ? null : v), z.string().max(2000, MEDIA_URL_TEXT).nullable())
    .optional(),
  replayUrl: mediaUrl.optional(),
  recommended: flag.optional(),
  examEnabled: flag.optional(),
});

export const liveManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/live/list',
    access: 'staff:content',
    input: pageSchema,
    handler: ({ deps, input }) => listAdminLives(deps, input),
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
];

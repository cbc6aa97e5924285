/**
 * Live broadcasts for staff (issue 15; the console of issue 12 drives
 * these). Form-encoded or JSON; on update, fields left out keep their value.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  listAdminLives,
  listHostOptions,
  createLive,
  deleteLive,
  updateLive,
  LIVE_MSG,
} from '../../../services/live/index.ts';
import { chapters, crud, flag, mediaUrl, subtitles, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { API_MSG } from '../../messages.ts';

const clearableId = z.preprocess((v) => (v === '' ? null : v), requiredId.nullable());
const time = z.coerce
  .date({ error: LIVE_MSG.manage.time })
  .refine((d) => !Number.isNaN(d.getTime()), LIVE_MSG.manage.time);

const live = z.object({
  title: text(100, MSG.form.title),
  summary: text(300, MSG.form.summary, 0).default(''),
  description: text(50_000, LIVE_MSG.manage.description),
  speaker: text(50, LIVE_MSG.manage.speaker),
  startAt: time,
  endAt: time,
  cover: mediaUrl.optional(),
  companyId: clearableId.optional(),
  courseId: clearableId.optional(),
  streamUrl: mediaUrl.optional(),
  htmlUrl: z
    .preprocess((v) => (v === '' ? null : v), z.string().max(2000, API_MSG.mediaUrl).nullable())
    .optional(),
  replayUrl: mediaUrl.optional(),
  recommended: flag.optional(),
  examEnabled: flag.optional(),
  chapters: chapters.optional(),
  subtitles: subtitles.optional(),
  hostId: clearableId.optional(),
});

export const liveManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/live/list',
    access: 'staff:content',
    input: pageSchema,
    handler: ({ deps, input }) => listAdminLives(deps, input),
  }),
  // The staff members a broadcast may be assigned to as its host (主持人).
  route({
    method: 'get',
    path: '/api/admin/live/hosts',
    access: 'staff:content',
    handler: async ({ deps }) => ({ list: await listHostOptions(deps) }),
  }),
  ...crud({
    kind: 'live',
    target: 'live',
    schema: live,
    updateSchema: live.extend({ summary: text(300, MSG.form.summary, 0) }),
    create: createLive,
    update: updateLive,
    remove: deleteLive,
  }),
];

/**
 * Playback calls of issue 6: live reservation form and reservation, the
 * member-only live stream, exam links, lesson watch tracking, and the short
 * and featured video details with the viewer's own flags. Paid player fields
 * are only ever in member answers, never in a public one; short and featured
 * videos are free (services/catalogue/videos.ts), so their paths are public.
 */
import { requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { MEDIA_MSG } from '../../../../shared/media-messages.ts';
import {
  addWatched,
  examConfig,
  examInfo,
  getLivePlayback,
  getReserveForm,
  saveReservation,
  startWatching,
  verifyExamQuery,
} from '../../../services/learning/index.ts';

import { getShortVideoDetail, viewVideo } from '../../../services/catalogue/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { fail } from '../../errors.ts';

/** Seconds of media time, as the player reports them. */
const seconds = z.coerce.number({ error: MEDIA_MSG.watchRangeInvalid }).min(0).max(86_400);
const optionalSeconds = z.preprocess((v) => (v === '' ? undefined : v), seconds.optional());

export const mediaRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/live_broadcast/fromInfo/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    handler: async ({ input, deps }) => ({ reserveFrom: await getReserveForm(deps, input.id) }),
  }),
  route({
    method: 'post',
    path: '/api/live_broadcast/saveReserve',
    access: 'member',
    message: MEDIA_MSG.reserveSuccess,
    // The form's own fields are checked against the broadcast's form in the service.
    input: z.looseObject({ liveId: requiredId }),
    handler: ({ input, deps, user }) => saveReservation(deps, user!.id, input.liveId, input),
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/play/:id',
    access: 'member',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, c, user }) {
      c.header('Cache-Control', 'private, no-store');
      return { play: await getLivePlayback(deps, input.id, user!.id) };
    },
  }),
  route({
    method: 'get',
    path: '/api/examstar/info',
    access: 'member',
    input: z.object({
      id: requiredId,
      type: z.enum(['course', 'live'], { error: MSG.badRequest }).default('course'),
    }),
    handler: ({ input, deps, user }) => examInfo(deps, user!.id, input.type, input.id),
  }),
  route({
    method: 'post',
    path: '/api/duration/key',
    access: 'member',
    input: z.object({ lessonId: requiredId }),
    handler: ({ input, deps, user }) => startWatching(deps, user!.id, input.lessonId),
  }),
  route({
    method: 'post',
    path: '/api/duration/add',
    access: 'member',
    input: z.object({
      key: z
        .string({ error: MEDIA_MSG.watchKeyInvalid })
        .min(10, MEDIA_MSG.watchKeyInvalid)
        .max(100),
      from: optionalSeconds,
      to: optionalSeconds,
      position: optionalSeconds,
    }),
    handler: ({ input, deps, user }) => addWatched(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/shortvideo/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      const videoDetail = await getShortVideoDetail(deps, input.id, user?.id ?? null);
      if (!videoDetail) throw AppError.notFound(MEDIA_MSG.shortVideoNotFound);
      return { videoDetail };
    },
  }),
  route({
    method: 'get',
    path: '/api/video/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      // Each load of the detail is a view (spec 4: the page fetches it on every load).
      const videoDetail = await viewVideo(deps, input.id, user?.id ?? null);
      if (!videoDetail) throw AppError.notFound(MEDIA_MSG.videoNotFound);
      return { videoDetail };
    },
  }),
  // The demo-mode development exam service: checks the signature as the real one does.
  route({
    method: 'get',
    path: '/api/dev/examstar',
    access: 'public',
    input: z.record(z.string(), z.string()),
    handler({ input, deps, c }) {
      const cfg = deps.config.mode === 'demo' ? examConfig(deps.config) : null;
      if (!cfg) return c.json(fail(AppError.notFound('接口不存在')), 404);
      const valid = verifyExamQuery(input, cfg.secret, deps.clock.now());
      return c.html(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>课后练习（演示）</title>` +
          `<body><h1>课后练习（演示考试服务）</h1><p>${valid ? '签名有效，可以开始练习。' : '签名无效或已过期。'}</p></body></html>`,
        valid ? 200 : 403,
      );
    },
  }),
];

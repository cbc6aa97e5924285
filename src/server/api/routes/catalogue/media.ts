/** Live, video, short-video, resource and learning-tool calls of spec 7. */
import type { FilterType } from '../../../../shared/constants.ts';
import { filterType, limitOf, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  getLiveDetail,
  listLive,
  listLiveRecommend,
  LIVE_STATUSES,
} from '../../../services/live/index.ts';
import {
  listHotVideos,
  listRecommendedShortVideos,
  listVideos,
} from '../../../services/videos/index.ts';
import { listLearningTools } from '../../../services/site/index.ts';
import { listResources } from '../../../services/courses/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

const liveListInput = pageSchema.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(LIVE_STATUSES, { error: MSG.badRequest }).optional(),
  ),
});

const liveList = (method: 'get' | 'post') =>
  route({
    method,
    path: '/api/index/liveBroadCast/list',
    access: 'public',
    input: liveListInput,
    handler: ({ input, deps }) => listLive(deps, input),
  });

export const learningMediaRoutes: RouteDef[] = [
  // spec 7 lists this call as a form-encoded POST; GET is accepted too so links and caches can use it.
  liveList('post'),
  liveList('get'),
  route({
    method: 'get',
    path: '/api/live_broadcast/recommed',
    access: 'public',
    handler: async ({ deps }) => ({ liveRecommedList: await listLiveRecommend(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const detail = await getLiveDetail(deps, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    method: 'get',
    path: '/api/index/videoHotList',
    access: 'public',
    input: z.object({ size: limitOf(8) }),
    handler: async ({ input, deps }) => ({ list: await listHotVideos(deps, input.size) }),
  }),
  route({
    method: 'get',
    path: '/api/index/videoList',
    access: 'public',
    input: pageSchema.extend({ type: filterType }),
    handler: ({ input, deps }) =>
      listVideos(deps, { ...input, type: input.type as FilterType | undefined }),
  }),
  route({
    method: 'get',
    path: '/api/index/shortVideoRecommend',
    access: 'public',
    input: z.object({ size: limitOf(10) }),
    handler: async ({ input, deps }) => ({
      list: await listRecommendedShortVideos(deps, input.size),
    }),
  }),
  route({
    method: 'get',
    path: '/api/index/resource/list',
    access: 'public',
    input: pageSchema,
    handler: ({ input, deps }) => listResources(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/learningToolList',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listLearningTools(deps) }),
  }),
];

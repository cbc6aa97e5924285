/**
 * Video and short-video calls of spec 7 and issue 6: lists, recommendations
 * and the details with the viewer's own flags. Short and featured videos are
 * free (services/videos), so their paths are public.
 */
import type { FilterType } from '../../../../shared/constants.ts';
import { filterType, limitOf, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  getShortVideoDetail,
  listHotVideos,
  listRecommendedShortVideos,
  listVideos,
  viewVideo,
  VIDEOS_MSG,
} from '../../../services/videos/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

export const videoRoutes: RouteDef[] = [
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
    path: '/api/shortvideo/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      const videoDetail = await getShortVideoDetail(deps, input.id, user?.id ?? null);
      if (!videoDetail) throw AppError.notFound(VIDEOS_MSG.videoNotFound);
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
      if (!videoDetail) throw AppError.notFound(VIDEOS_MSG.videoNotFound);
      return { videoDetail };
    },
  }),
];

/** Short videos for staff (section "content"). Form-encoded or JSON; on update, fields left out keep their value. */
import { z } from 'zod';
import { pageSchema } from '../../../../shared/schemas.ts';
import {
  createShortVideo,
  deleteShortVideo,
  listAdminShortVideos,
  updateShortVideo,
} from '../../../services/videos/index.ts';
import { crud, duration, flag, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  author: '请输入作者（不超过50个字）',
  video: '视频地址须为站内路径或 https 地址',
} as const;

const shortVideo = z.object({
  title: text(100, TEXT.title),
  path: z
    .string({ error: TEXT.video })
    .trim()
    .max(500, TEXT.video)
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, TEXT.video),
  cover: siteUrl,
  author: text(50, TEXT.author),
  durationSeconds: duration,
  recommended: flag.optional(),
});

export const shortVideoManageRoutes: RouteDef[] = crud({
  kind: 'shortvideo',
  target: 'shortvideo',
  schema: shortVideo,
  list: route({
    method: 'get',
    path: '/api/admin/shortvideo/list',
    access: 'staff:content',
    input: pageSchema.extend({ q: z.string().max(100).optional() }),
    handler: ({ deps, input }) => listAdminShortVideos(deps, input),
  }),
  create: createShortVideo,
  update: updateShortVideo,
  remove: deleteShortVideo,
});

/** Short videos for staff (section "content"). Form-encoded or JSON; on update, fields left out keep their value. */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { pageSchema } from '../../../../shared/schemas.ts';
import {
  createShortVideo,
  deleteShortVideo,
  listAdminShortVideos,
  updateShortVideo,
  VIDEOS_MSG,
} from '../../../services/videos/index.ts';
import { crud, duration, flag, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { ON_SITE_OR_HTTPS } from '../../../../shared/urls.ts';

const shortVideo = z.object({
  title: text(100, MSG.form.title),
  path: z
    .string({ error: VIDEOS_MSG.shortVideo.path })
    .trim()
    .max(500, VIDEOS_MSG.shortVideo.path)
    .regex(ON_SITE_OR_HTTPS, VIDEOS_MSG.shortVideo.path)
    .regex(/^\S+$/, VIDEOS_MSG.shortVideo.path),
  cover: siteUrl,
  author: text(50, MSG.form.author),
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

/**
 * Staff video uploads into the media store (issue 14): POST
 * /api/admin/media/upload, multipart field `file`, an MP4 of at most 500 MB,
 * streamed to the store; answers {url: '/media/uploads/<random>.mp4',
 * duration: <seconds measured from the file>}. Audited with its answer.
 */
import { route, type RouteDef } from '../../define.ts';
import { LEARNING_MSG, uploadVideo } from '../../../services/learning/index.ts';

export const mediaManageRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/admin/media/upload',
    access: 'staff:content',
    rawBody: true,
    message: LEARNING_MSG.upload.done,
    handler: ({ deps, c }) =>
      uploadVideo(deps.providers.media, c.req.raw.body, c.req.header('content-type') ?? ''),
  }),
];

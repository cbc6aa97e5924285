/**
 * Staff video uploads into the media store (issue 14): POST
 * /api/admin/media/upload, multipart field `file`, an MP4 of at most 500 MB,
 * streamed to the store; answers {url: '/media/uploads/<random>.mp4',
 * duration: <seconds measured from the file>}. With ?for=lesson or ?for=live the
 * video is sealed (/media/sealed/<name>/video.mp4, played only through a grant) and a
 * `media.ladder` job makes its quality ladder, then moves the rows using it to the ladder.
 * Audited with its answer.
 */
import { z } from 'zod';
import { route, type RouteDef } from '../../define.ts';
import { LEARNING_MSG, queueLadder, uploadVideo } from '../../../services/learning/index.ts';

export const mediaManageRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/admin/media/upload',
    access: 'staff:content',
    rawBody: true,
    message: LEARNING_MSG.upload.done,
    // Lesson and broadcast videos are sealed; short videos are public.
    input: z.object({ for: z.enum(['lesson', 'live', 'short']).optional() }),
    handler: async ({ deps, c, input }) => {
      const video = await uploadVideo(
        deps.providers.media,
        c.req.raw.body,
        c.req.header('content-type') ?? '',
        undefined,
        input.for === 'lesson' || input.for === 'live',
      );
      // A sealed video gets its quality ladder from a job; the MP4 plays until then.
      await queueLadder(deps, video.url);
      return video;
    },
  }),
];

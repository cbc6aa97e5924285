/**
 * POST /api/media/grant (issue 23): a fresh grant for a lesson's or a broadcast's sealed
 * media, `lessonId` or `liveId`. Players renew their grant with it before it ends; visitors
 * get one for free courses and free previews (broadcasts need a member, as their play call).
 */
import { z } from 'zod';
import { optionalId } from '../../../../shared/schemas.ts';
import { MSG } from '../../../../shared/messages.ts';
import { AppError } from '../../../errors.ts';
import { grantLesson, type MediaGrant } from '../../../services/learning/index.ts';
import { getLivePlayback } from '../../../services/live/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { sessionToken } from '../../middleware.ts';

export const mediaGrantRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/media/grant',
    access: 'public',
    input: z
      .object({ lessonId: optionalId, liveId: optionalId })
      .refine((v) => (v.lessonId === undefined) !== (v.liveId === undefined), {
        message: MSG.badRequest,
      }),
    async handler({ input, deps, user, c }): Promise<MediaGrant> {
      c.header('Cache-Control', 'private, no-store');
      const session = sessionToken(c);
      if (input.lessonId !== undefined)
        return grantLesson(deps, user?.id ?? null, input.lessonId, session);
      if (!user) throw AppError.unauthorized();
      const play = await getLivePlayback(deps, input.liveId!, user.id, session);
      return { url: play.streamUrl ?? '', expiresAt: play.expiresAt };
    },
  }),
];

/**
 * POST /api/media/grant (issue 23): a fresh grant for a lesson's or a broadcast's sealed
 * media, `lessonId` or `liveId`. Players renew their grant with it before it ends; visitors
 * get one for free courses and free previews (broadcasts need a member, as their play call).
 */
import { z } from 'zod';
import { optionalId } from '../../../../shared/schemas.ts';
import { MSG } from '../../../../shared/messages.ts';
import { AppError } from '../../../errors.ts';
import { grantLesson, lessonText, type MediaGrant } from '../../../services/learning/index.ts';
import { getLivePlayback, liveText } from '../../../services/live/index.ts';
import type { MediaText } from '../../../services/lib/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { sessionToken } from '../../middleware.ts';

const lessonOrLive = z
  .object({ lessonId: optionalId, liveId: optionalId })
  .refine((v) => (v.lessonId === undefined) !== (v.liveId === undefined), {
    message: MSG.badRequest,
  });

export const mediaGrantRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/media/grant',
    access: 'public',
    input: lessonOrLive,
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
  /**
   * GET /api/media/text: the chapters and subtitle cues of a lesson or a broadcast's replay,
   * behind the same gate as its media (the player reads them; cached pages never hold them).
   */
  route({
    method: 'get',
    path: '/api/media/text',
    access: 'public',
    input: lessonOrLive,
    async handler({ input, deps, user, c }): Promise<MediaText> {
      c.header('Cache-Control', 'private, no-store');
      if (input.lessonId !== undefined) return lessonText(deps, user?.id ?? null, input.lessonId);
      if (!user) throw AppError.unauthorized();
      return liveText(deps, input.liveId!, user.id, sessionToken(c));
    },
  }),
];

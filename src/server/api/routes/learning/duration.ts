/** Lesson watch tracking (issue 6): a watch key per lesson, then the ranges the player reports. */
import { requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { addWatched, startWatching, LEARNING_MSG } from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { sessionToken } from '../../middleware.ts';

/** Seconds of media time, as the player reports them. */
const seconds = z.coerce.number({ error: LEARNING_MSG.watchRangeInvalid }).min(0).max(86_400);
const optionalSeconds = z.preprocess((v) => (v === '' ? undefined : v), seconds.optional());

export const durationRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/duration/key',
    access: 'member',
    input: z.object({ lessonId: requiredId }),
    handler: ({ input, deps, user, c }) =>
      startWatching(deps, user!.id, input.lessonId, sessionToken(c)),
  }),
  route({
    method: 'post',
    path: '/api/duration/add',
    access: 'member',
    input: z.object({
      key: z
        .string({ error: LEARNING_MSG.watchKeyInvalid })
        .min(10, LEARNING_MSG.watchKeyInvalid)
        .max(100),
      from: optionalSeconds,
      to: optionalSeconds,
      position: optionalSeconds,
    }),
    handler: ({ input, deps, user }) => addWatched(deps, user!.id, input),
  }),
];

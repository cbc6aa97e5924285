/**
 * Reading progress and 继续学习 (issue 28): the article page reports the furthest paragraph a
 * member reached; the home page's and the user centre's 继续学习 card asks where to go on.
 * Both are the member's own and never cached. The limits are the ones the page checks
 * (src/shared/reading.ts).
 */
import { z } from 'zod';
import { READING_LIMITS, READING_MSG } from '../../../../shared/reading.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import { continueLearning, readingOf, recordReading } from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';

/** A whole number in [0, max], with one message for anything else. */
const whole = (max: number, error: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error }).int(error).min(0, error).max(max, error),
  );

export const readingRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/reading/progress',
    access: 'member',
    message: READING_MSG.saved,
    input: z.object({
      articleId: requiredId,
      paragraph: whole(READING_LIMITS.paragraphMax, READING_MSG.paragraphInvalid),
      percent: whole(100, READING_MSG.percentInvalid),
    }),
    handler: ({ input, deps, user }) => recordReading(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/reading/progress',
    access: 'member',
    input: z.object({ articleId: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return { progress: await readingOf(deps, user!.id, input.articleId) };
    },
  }),
  route({
    method: 'get',
    path: '/api/learning/continue',
    access: 'member',
    async handler({ deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return { item: await continueLearning(deps, user!.id) };
    },
  }),
];

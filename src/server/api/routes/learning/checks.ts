/**
 * Checks inside lessons (课内练习, issue 28): a member who may watch a lesson lists its checks
 * (without their answers until finished) and answers them one try at a time. The rules and
 * messages are the ones the player uses (src/shared/lesson-checks.ts).
 */
import { z } from 'zod';
import { CHECK_LIMITS, CHECK_MSG } from '../../../../shared/lesson-checks.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import { answerCheck, listChecks } from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { ok } from '../../errors.ts';

/** Option indexes, sent as repeated fields, a JSON list or "0,2". */
const choices = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = Array.isArray(v) ? v : String(v).split(',');
    return list.map((x) => (typeof x === 'number' ? x : Number(String(x).trim())));
  },
  z
    .array(z.number({ error: CHECK_MSG.choiceInvalid }).int(CHECK_MSG.choiceInvalid), {
      error: CHECK_MSG.choiceInvalid,
    })
    .max(CHECK_LIMITS.options, CHECK_MSG.choiceInvalid)
    .optional(),
);

export const checkRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/lesson/checks',
    access: 'member',
    input: z.object({ lessonId: requiredId }),
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return { list: await listChecks(deps, user!.id, input.lessonId) };
    },
  }),
  route({
    method: 'post',
    path: '/api/lesson/check/answer',
    access: 'member',
    input: z.object({
      checkId: requiredId,
      choices,
      value: z.preprocess(
        (v) => (v === undefined || v === null ? undefined : String(v)),
        z.string().max(200, CHECK_MSG.valueInvalid).optional(),
      ),
    }),
    async handler({ input, deps, user, c }) {
      const result = await answerCheck(deps, user!.id, input);
      return c.json(ok(result, result.message));
    },
  }),
];

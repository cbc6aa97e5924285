/**
 * 项目挑战 (issue 28): the published challenges and one challenge (public, as the pages show
 * them), and the member's side: their state, 报名 and 提交作品, and 我的挑战 for the user
 * centre. Member answers are never cached.
 */
import { z } from 'zod';
import { CHALLENGE_MSG, WRITEUP_LIMITS, isWorkUrl } from '../../../../shared/challenges.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  challengeState,
  getChallenge,
  joinChallenge,
  listChallenges,
  myChallenges,
  submitWork,
} from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { text } from '../../fields.ts';

const challengeId = z.object({ challengeId: requiredId });
const workUrl = (message: string) => z.string({ error: message }).trim().refine(isWorkUrl, message);

const writeUp = challengeId.extend({
  title: text(WRITEUP_LIMITS.title, CHALLENGE_MSG.title),
  body: text(WRITEUP_LIMITS.body, CHALLENGE_MSG.body, WRITEUP_LIMITS.minBody),
  videoUrl: workUrl(CHALLENGE_MSG.videoUrl),
  codeUrl: workUrl(CHALLENGE_MSG.codeUrl),
});

export const challengeRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/challenge/list',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listChallenges(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/challenge/detail',
    access: 'public',
    input: z.object({ id: requiredId }),
    handler: ({ input, deps }) => getChallenge(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/challenge/state',
    access: 'member',
    input: challengeId,
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return challengeState(deps, user!.id, input.challengeId);
    },
  }),
  route({
    method: 'post',
    path: '/api/challenge/join',
    access: 'member',
    input: challengeId,
    message: CHALLENGE_MSG.joined,
    handler: ({ input, deps, user }) => joinChallenge(deps, user!.id, input.challengeId),
  }),
  route({
    method: 'post',
    path: '/api/challenge/submit',
    access: 'member',
    input: writeUp,
    message: CHALLENGE_MSG.submitted,
    handler: ({ input, deps, user }) => {
      const { challengeId: id, ...work } = input;
      return submitWork(deps, user!.id, id, work);
    },
  }),
  route({
    method: 'get',
    path: '/api/challenge/mine',
    access: 'member',
    async handler({ deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return myChallenges(deps, user!.id);
    },
  }),
];

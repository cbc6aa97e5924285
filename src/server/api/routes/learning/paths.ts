/**
 * 学习路线 (issue 28): the published paths and one path (public, as the pages show them), and
 * the member's side: their state on a path, joining, leaving, the weekly plan, marking a
 * replay, tool or download step done, and their paths for the user centre. Member answers are
 * never cached.
 */
import { z } from 'zod';
import { PATH_MSG } from '../../../../shared/learning-paths.ts';
import { planSchema } from '../../../../shared/schemas.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  getPath,
  joinPath,
  leavePath,
  listPaths,
  markStep,
  myPaths,
  pathProgress,
  setPlan,
} from '../../../services/learning/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { ok } from '../../errors.ts';
import { flag } from '../../fields.ts';

const pathId = z.object({ pathId: requiredId });

export const pathRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/path/list',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listPaths(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/path/detail',
    access: 'public',
    input: z.object({ id: requiredId }),
    handler: ({ input, deps }) => getPath(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/path/progress',
    access: 'member',
    input: pathId,
    async handler({ input, deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return pathProgress(deps, user!.id, input.pathId);
    },
  }),
  route({
    method: 'post',
    path: '/api/path/join',
    access: 'member',
    input: pathId,
    message: PATH_MSG.joined,
    handler: ({ input, deps, user }) => joinPath(deps, user!.id, input.pathId),
  }),
  route({
    method: 'post',
    path: '/api/path/leave',
    access: 'member',
    input: pathId,
    message: PATH_MSG.left,
    handler: ({ input, deps, user }) => leavePath(deps, user!.id, input.pathId),
  }),
  route({
    method: 'post',
    path: '/api/path/plan',
    access: 'member',
    input: pathId.extend(planSchema.shape),
    message: PATH_MSG.planSaved,
    handler: ({ input, deps, user }) =>
      setPlan(deps, user!.id, input.pathId, { days: input.days, stepsPerWeek: input.stepsPerWeek }),
  }),
  route({
    method: 'post',
    path: '/api/path/step/mark',
    access: 'member',
    input: z.object({ stepId: requiredId, done: flag }),
    async handler({ input, deps, user, c }) {
      const r = await markStep(deps, user!.id, input.stepId, input.done);
      return c.json(ok(r, input.done ? PATH_MSG.marked : PATH_MSG.unmarked));
    },
  }),
  route({
    method: 'get',
    path: '/api/path/mine',
    access: 'member',
    async handler({ deps, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return { list: await myPaths(deps, user!.id) };
    },
  }),
];

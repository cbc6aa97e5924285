/** The job queue, for admins (issue 15): its jobs by status and kind. */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { pageSchema } from '../../../../shared/schemas.ts';
import { listJobs } from '../../../services/jobs/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const jobManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/jobs',
    access: 'admin',
    input: pageSchema.extend({
      status: z
        .enum(['pending', 'running', 'done', 'failed'], { error: MSG.badRequest })
        .optional(),
      kind: z.string().max(50).optional(),
    }),
    handler: ({ deps, input }) => listJobs(deps, input),
  }),
];

/** The learning tools list of spec 7. */
import { listLearningTools } from '../../../services/site/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const toolRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/learningToolList',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listLearningTools(deps) }),
  }),
];

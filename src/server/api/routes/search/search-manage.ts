/** The search index, for admins (issue 15): a rebuild, queued as a job. */
import { queueSearchRebuild, SEARCH_MSG } from '../../../services/search/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const searchManageRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/admin/search/rebuild',
    access: 'admin',
    message: SEARCH_MSG.rebuildQueued,
    handler: ({ deps }) => queueSearchRebuild(deps),
  }),
];

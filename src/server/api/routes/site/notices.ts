/** Public notices (spec 7): categories, the list and one notice. */
import { optionalId, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { getNotice, listNoticeCategories, listNotices } from '../../../services/site/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

export const noticeRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/notice/category',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listNoticeCategories(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/notice/list',
    access: 'public',
    input: pageSchema.extend({ categoryId: optionalId }),
    handler: ({ input, deps }) => listNotices(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/notice/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const notice = await getNotice(deps, input.id);
      if (!notice) throw AppError.notFound();
      return { detail: notice };
    },
  }),
];

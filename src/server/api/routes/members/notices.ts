/**
 * A member's notices and completions (spec 7: /api/notice/qryUserNotice,
 * /api/notice/delete, /api/complete/list). The pop-up list is a read; closing a pop-up is
 * POST /api/notice/popup/seen.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  deleteNoticeFor,
  listCompletionsPage,
  listNoticesFor,
  listPopupNotices,
  markPopupSeen,
  MEMBERS_MSG,
} from '../../../services/members/index.ts';

import { route, type RouteDef } from '../../define.ts';

export const memberNoticeRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/notice/qryUserNotice',
    access: 'member',
    handler: ({ user, deps }) => listPopupNotices(deps, user!.id),
  }),
  route({
    method: 'post',
    path: '/api/notice/popup/seen',
    access: 'member',
    input: z.object({ id: requiredId }),
    async handler({ input, user, deps }) {
      await markPopupSeen(deps, user!.id, input.id);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/api/notice/user/list',
    access: 'member',
    input: pageSchema.extend({
      categoryId: z.preprocess((v) => (v === '' ? undefined : v), requiredId.optional()),
    }),
    handler: ({ input, user, deps }) => listNoticesFor(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/notice/delete',
    access: 'owner',
    input: z.object({ id: requiredId }),
    message: MEMBERS_MSG.deleted,
    async handler({ input, user, deps }) {
      await deleteNoticeFor(deps, user!.id, input.id);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/api/complete/list',
    access: 'member',
    input: pageSchema,
    handler: ({ input, user, deps }) => listCompletionsPage(deps, user!.id, input),
  }),
];

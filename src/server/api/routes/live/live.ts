/**
 * Live broadcast calls of spec 7 and issue 6: the list, recommendations and
 * detail, the reservation form and reservation, and the member-only stream.
 * Paid player fields are only ever in member answers, never in a public one.
 */
import { requiredId, pageSchema } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  getLiveDetail,
  getLivePlayback,
  getReserveForm,
  listLive,
  listLiveRecommend,
  LIVE_STATUSES,
  saveReservation,
  LIVE_MSG,
} from '../../../services/live/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { sessionToken } from '../../middleware.ts';

const liveListInput = pageSchema.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(LIVE_STATUSES, { error: MSG.badRequest }).optional(),
  ),
});

const liveList = (method: 'get' | 'post') =>
  route({
    method,
    path: '/api/index/liveBroadCast/list',
    access: 'public',
    input: liveListInput,
    handler: ({ input, deps }) => listLive(deps, input),
  });

export const liveRoutes: RouteDef[] = [
  // spec 7 lists this call as a form-encoded POST; GET is accepted too so links and caches can use it.
  liveList('post'),
  liveList('get'),
  route({
    method: 'get',
    path: '/api/live_broadcast/recommed',
    access: 'public',
    handler: async ({ deps }) => ({ liveRecommedList: await listLiveRecommend(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const detail = await getLiveDetail(deps, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/fromInfo/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    handler: async ({ input, deps }) => ({ reserveFrom: await getReserveForm(deps, input.id) }),
  }),
  route({
    method: 'post',
    path: '/api/live_broadcast/saveReserve',
    access: 'member',
    message: LIVE_MSG.reserveSuccess,
    // The form's own fields are checked against the broadcast's form in the service.
    input: z.looseObject({ liveId: requiredId }),
    handler: ({ input, deps, user }) => saveReservation(deps, user!.id, input.liveId, input),
  }),
  route({
    method: 'get',
    path: '/api/live_broadcast/play/:id',
    access: 'member',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, c, user }) {
      c.header('Cache-Control', 'private, no-store');
      return { play: await getLivePlayback(deps, input.id, user!.id, sessionToken(c)) };
    },
  }),
];

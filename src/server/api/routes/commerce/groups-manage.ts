/**
 * Group buying for admins (拼团, issue 27): a course's group offer (拼团活动: price, size,
 * hours to fill, an optional window, 进行中 or 已停止), the groups opened (团列表) and one
 * group's seats with their orders and refunds. Prices are in fen (the console converts
 * yuan), times ISO instants (the console's Beijing pickers). Every write is in the audit log
 * under target 'group' (the offer's row before and after).
 */
import { z } from 'zod';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import { optionalId, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  createGroupOffer,
  deleteGroupOffer,
  GROUP_STATES,
  groupSeats,
  listGroupOffers,
  listGroups,
  updateGroupOffer,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { listed } from '../../fields.ts';

const MSG = GROUP_MSG.admin;
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const int = (message: string) => z.coerce.number({ error: message }).int(message);
const time = z.preprocess(blank, z.string({ error: MSG.time }).trim().max(40, MSG.time).nullable());
/**
 * The price as sent, checked by the service: its refusal names the course's list price, which
 * only the service knows ('', words and anything else become NaN, refused there).
 */
const price = z.unknown().transform((v) => {
  if (typeof v === 'number') return v;
  const s = typeof v === 'string' && v.length <= 20 ? v.trim() : '';
  return s === '' ? Number.NaN : Number(s);
});

const offerSchema = z.object({
  courseId: int(MSG.course).positive(MSG.course),
  priceCents: price,
  size: int(MSG.size),
  hours: int(MSG.hours),
  startsAt: time,
  endsAt: time,
  state: z.string({ error: MSG.state }).trim().max(20, MSG.state),
});

const audit = {
  target: 'group' as const,
  id: (input: object, answer?: unknown) =>
    ('id' in input ? (input.id as number) : undefined) ??
    (answer as { id?: number } | undefined)?.id,
};

export const groupManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/group/offers',
    access: 'admin',
    handler: async ({ deps }) => listed(await listGroupOffers(deps)),
  }),
  route({
    method: 'post',
    path: '/api/admin/group/offer/create',
    access: 'admin',
    input: offerSchema,
    message: MSG.saved,
    audit,
    handler: ({ deps, input }) => createGroupOffer(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/group/offer/update',
    access: 'admin',
    input: offerSchema.extend({ id: requiredId }),
    message: MSG.saved,
    audit,
    handler: ({ deps, input }) => updateGroupOffer(deps, input.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/group/offer/delete',
    access: 'admin',
    input: z.object({ id: requiredId }),
    message: MSG.deleted,
    audit,
    handler: ({ deps, input }) => deleteGroupOffer(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/admin/group/list',
    access: 'admin',
    input: pageSchema.extend({
      state: z.enum(GROUP_STATES).optional().catch(undefined),
      courseId: optionalId.catch(undefined),
    }),
    handler: ({ deps, input }) => listGroups(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/group/seats',
    access: 'admin',
    input: z.object({ id: requiredId }),
    handler: async ({ deps, input }) => listed(await groupSeats(deps, input.id)),
  }),
];

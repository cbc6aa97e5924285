/**
 * Offer prices for admins (issue 27): a course's 限时特惠 (a window, both ends) and
 * 新人首单价 (an optional window). Prices are in fen (the console converts yuan), times
 * ISO instants (the console's Beijing pickers). Every write is in the audit log.
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  COMMERCE_MSG,
  createOffer,
  deleteOffer,
  listOffers,
  updateOffer,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';

const MSG = COMMERCE_MSG.offerAdmin;
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const time = z.preprocess(blank, z.string({ error: MSG.time }).trim().max(40, MSG.time).nullable());

const offerSchema = z.object({
  courseId: z.coerce.number({ error: MSG.course }).int(MSG.course).positive(MSG.course),
  kind: z.string({ error: MSG.kind }).trim().max(20, MSG.kind),
  priceCents: z.coerce
    .number({ error: MSG.priceRequired })
    .int(MSG.priceRequired)
    .min(0, MSG.priceRequired)
    .max(100_000_000, MSG.priceRequired),
  startsAt: time,
  endsAt: time,
});

const audit = {
  target: 'offer' as const,
  id: (input: object, answer?: unknown) =>
    ('id' in input ? (input.id as number) : undefined) ??
    (answer as { id?: number } | undefined)?.id,
};

export const offerManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/offer/list',
    access: 'admin',
    input: pageSchema,
    handler: ({ deps, input }) => listOffers(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/offer/create',
    access: 'admin',
    input: offerSchema,
    message: MSG.saved,
    audit,
    handler: ({ deps, input }) => createOffer(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/offer/update',
    access: 'admin',
    input: offerSchema.extend({ id: requiredId }),
    message: MSG.saved,
    audit,
    handler: ({ deps, input }) => updateOffer(deps, input.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/offer/delete',
    access: 'admin',
    input: z.object({ id: requiredId }),
    message: MSG.deleted,
    audit,
    handler: ({ deps, input }) => deleteOffer(deps, input.id),
  }),
];

/** Ads for admins (issue 12): every slot and creative kind, scheduled and ordered. */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { AD_KIND, AD_TYPES_REQUESTED } from '../../../../shared/constants.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  createAd,
  deleteAd,
  listAdminAds,
  updateAd,
  ADS_MSG,
} from '../../../services/ads/index.ts';
import { crud, flag, siteUrl } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { API_MSG } from '../../messages.ts';

const empty = (v: unknown) => (v === '' ? null : v);
const time = z.preprocess(
  empty,
  z.coerce.date({ error: ADS_MSG.timeInvalid }).nullable().optional(),
);
const slot = z.coerce
  .number({ error: ADS_MSG.slot })
  .int(ADS_MSG.slot)
  .refine((n) => (AD_TYPES_REQUESTED as readonly number[]).includes(n), ADS_MSG.slot);
const ad = z.object({
  type: slot,
  adType: z.enum([AD_KIND.image, AD_KIND.script, AD_KIND.video], { error: ADS_MSG.kind }),
  title: z.string({ error: MSG.form.title }).trim().min(1, MSG.form.title).max(100, MSG.form.title),
  imageUrl: siteUrl,
  mobileImageUrl: siteUrl,
  clickUrl: siteUrl,
  videoUrl: siteUrl,
  adScript: z.preprocess(
    empty,
    z.string().max(20_000, ADS_MSG.scriptTooLong).nullable().optional(),
  ),
  displayOrder: z.coerce
    .number({ error: API_MSG.orderInteger })
    .int(API_MSG.orderInteger)
    .min(0)
    .max(9999)
    .optional(),
  companyId: z.preprocess(empty, requiredId.nullable().optional()),
  enabled: flag.optional(),
  startAt: time,
  endAt: time,
});

export const adManageRoutes: RouteDef[] = crud({
  kind: 'ad',
  target: 'ad',
  schema: ad,
  access: 'admin',
  list: route({
    method: 'get',
    path: '/api/admin/ad/list',
    access: 'admin',
    input: pageSchema.extend({ type: slot.optional() }),
    handler: ({ deps, input }) => listAdminAds(deps, input),
  }),
  create: createAd,
  update: updateAd,
  remove: deleteAd,
});

/** Ads for admins (issue 12): every slot and creative kind, scheduled and ordered. */
import { z } from 'zod';
import { AD_KIND, AD_TYPES_REQUESTED } from '../../../../shared/constants.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  createAd,
  deleteAd,
  listAdminAds,
  updateAd,
  ADS_MSG,
} from '../../../services/ads/index.ts';
import { createdId, flag, inputId, siteUrl } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const empty = (v: unknown) => (v === '' ? null : v);
const time = z.preprocess(empty, z.coerce.date({ error: '时间格式无效' }).nullable().optional());
const slot = z.coerce
  .number({ error: ADS_MSG.slot })
  .int(ADS_MSG.slot)
  .refine((n) => (AD_TYPES_REQUESTED as readonly number[]).includes(n), ADS_MSG.slot);
const ad = z.object({
  type: slot,
  adType: z.enum([AD_KIND.image, AD_KIND.script, AD_KIND.video], { error: ADS_MSG.kind }),
  title: z
    .string({ error: '请输入标题（不超过100个字）' })
    .trim()
    .min(1, '请输入标题（不超过100个字）')
    .max(100, '请输入标题（不超过100个字）'),
  imageUrl: siteUrl,
  mobileImageUrl: siteUrl,
  clickUrl: siteUrl,
  videoUrl: siteUrl,
  adScript: z.preprocess(
    empty,
    z.string().max(20_000, '广告代码不能超过20000个字').nullable().optional(),
  ),
  displayOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0)
    .max(9999)
    .optional(),
  companyId: z.preprocess(empty, requiredId.nullable().optional()),
  enabled: flag.optional(),
  startAt: time,
  endAt: time,
});

export const adManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/ad/list',
    access: 'admin',
    input: pageSchema.extend({ type: slot.optional() }),
    handler: ({ deps, input }) => listAdminAds(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/ad/create',
    access: 'admin',
    audit: { target: 'ad', id: createdId },
    input: ad,
    handler: ({ deps, input }) => createAd(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/ad/update',
    access: 'admin',
    audit: { target: 'ad', id: inputId },
    input: ad.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id, ...rest } }) => updateAd(deps, id, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/ad/delete',
    access: 'admin',
    audit: { target: 'ad', id: inputId },
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteAd(deps, input.id),
  }),
];

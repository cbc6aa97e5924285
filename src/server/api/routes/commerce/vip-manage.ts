/**
 * VIP membership for admins (会员, issue 27): the cards (会员套餐), what VIP gets (会员权益)
 * and who holds VIP (会员名单). Prices are in fen (the console converts yuan), the member
 * price a percentage of the list price (80 = 8 折). Every write is in the audit log under
 * target 'vip' (a card's row before and after; the benefits with their input).
 */
import { z } from 'zod';
import { fmt, MSG as COMMON } from '../../../../shared/messages.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { VIP_MSG } from '../../../../shared/vip.ts';
import {
  adminVipBenefits,
  createVipPlan,
  listVipMembers,
  listVipPlans,
  saveVipBenefits,
  updateVipPlan,
  VIP_MEMBER_FILTERS,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { displayOrder, flag, listed } from '../../fields.ts';

const MSG = VIP_MSG.admin;
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const int = (message: string) => z.coerce.number({ error: message }).int(message);

const planSchema = z.object({
  name: z.string({ error: MSG.name }).max(100, MSG.name),
  days: int(MSG.days),
  priceCents: int(MSG.price),
  listPriceCents: z.preprocess(blank, int(MSG.listPrice).nullable()),
  state: z.string({ error: MSG.state }).trim().max(20, MSG.state),
  sortOrder: displayOrder,
});

/** Course ids as '3,1,2' (the console's form) or a list; what is not an id is named back. */
const courseIds = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
    z
      .array(z.union([z.string(), z.number()]), { error: COMMON.badRequest })
      .max(1000, COMMON.badRequest),
  )
  .transform((list, ctx) => {
    const bad = list.filter((v) => !/^[1-9]\d{0,9}$/.test(String(v).trim()));
    if (bad.length === 0) return list.map(Number);
    // Named back as sent, a few and short: a refusal never echoes a megabyte.
    const ids = bad
      .slice(0, 5)
      .map((v) => String(v).slice(0, 12))
      .join(', ');
    ctx.addIssue({ code: 'custom', message: fmt(MSG.freeCourse, { ids }) });
    return z.NEVER;
  });

const benefitsSchema = z.object({
  freeCourseIds: courseIds,
  ratePercent: int(MSG.rate),
  monthlyDownloads: int(MSG.downloads),
  hideAds: flag,
});

const audit = {
  target: 'vip' as const,
  id: (input: object, answer?: unknown) =>
    ('id' in input ? (input.id as number) : undefined) ??
    (answer as { id?: number } | undefined)?.id,
};

export const vipManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/vip/plans',
    access: 'admin',
    handler: async ({ deps }) => listed(await listVipPlans(deps)),
  }),
  route({
    method: 'post',
    path: '/api/admin/vip/plan/create',
    access: 'admin',
    input: planSchema,
    message: MSG.planSaved,
    audit,
    handler: ({ deps, input }) => createVipPlan(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/vip/plan/update',
    access: 'admin',
    input: planSchema.extend({ id: requiredId }),
    message: MSG.planSaved,
    audit,
    handler: ({ deps, input }) => updateVipPlan(deps, input.id, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/vip/benefits',
    access: 'admin',
    handler: ({ deps }) => adminVipBenefits(deps),
  }),
  route({
    method: 'post',
    path: '/api/admin/vip/benefits/save',
    access: 'admin',
    input: benefitsSchema,
    message: MSG.benefitsSaved,
    audit: { target: 'vip' as const, id: () => undefined },
    handler: ({ deps, input }) => saveVipBenefits(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/vip/members',
    access: 'admin',
    input: pageSchema.extend({
      filter: z.enum(VIP_MEMBER_FILTERS).catch('all').default('all'),
      q: z.string().trim().max(20).optional(),
    }),
    handler: ({ deps, input }) => listVipMembers(deps, input),
  }),
];

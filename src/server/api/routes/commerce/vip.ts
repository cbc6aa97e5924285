/**
 * VIP membership for members (issue 27): the cards on sale and what VIP gives (public), the
 * member's VIP (the header and the user centre ask), and a card's order (then paid through
 * the checkout like any order: /api/order/pay).
 */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import { VIP_MSG } from '../../../../shared/vip.ts';
import {
  COMMERCE_MSG,
  createVipOrder,
  vipBenefits,
  vipPlans,
  vipStatus,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const vipRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/vip/plans',
    access: 'public',
    handler: async ({ deps }) => ({
      plans: await vipPlans(deps),
      benefits: await vipBenefits(deps),
    }),
  }),
  route({
    method: 'get',
    path: '/api/vip/status',
    access: 'member',
    handler: ({ user, deps }) => vipStatus(deps, user!.id),
  }),
  route({
    method: 'post',
    path: '/api/vip/order',
    access: 'member',
    input: z.object({
      planId: requiredId,
      termsVersion: z
        .string({ error: COMMERCE_MSG.termsRequired })
        .min(1, COMMERCE_MSG.termsRequired),
    }),
    message: VIP_MSG.orderCreated,
    handler: ({ input, user, deps }) => createVipOrder(deps, user!.id, input),
  }),
];

/**
 * Coupons for members (issue 27): 我的优惠券 by tab, the coupons a course page offers
 * (public: a visitor sees them too; a member also sees what they hold), 领券, and the
 * checkout's choice with the price each coupon gives, computed by the server.
 */
import { z } from 'zod';
import { COUPON_TABS } from '../../../../shared/coupons.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  checkoutCoupons,
  claimCoupon,
  claimableCoupons,
  listMyCoupons,
  COMMERCE_MSG,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const couponRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/coupon/mine',
    access: 'member',
    input: pageSchema.extend({ tab: z.enum(COUPON_TABS).catch('usable').default('usable') }),
    handler: ({ input, user, deps }) => listMyCoupons(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/coupon/course',
    access: 'public',
    input: z.object({ courseId: requiredId }),
    handler: async ({ input, user, deps }) => ({
      list: await claimableCoupons(deps, input.courseId, user?.id ?? null),
    }),
  }),
  route({
    method: 'post',
    path: '/api/coupon/claim',
    access: 'member',
    input: z.object({ couponId: requiredId }),
    message: COMMERCE_MSG.coupon.claimed,
    handler: ({ input, user, deps }) => claimCoupon(deps, user!.id, input.couponId),
  }),
  route({
    method: 'get',
    path: '/api/coupon/checkout',
    access: 'member',
    input: z.object({ courseId: requiredId }),
    handler: ({ input, user, deps }) => checkoutCoupons(deps, user!.id, input.courseId),
  }),
];

/**
 * Commerce for admins (issue 11): shipping a kit order with a courier and
 * waybill, refunding through the platform, and redemption-code batches
 * (create, void). Every change is written to the order's event log.
 */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  DELIVERY_MSG,
  REDEEM_MSG,
  REFUND_MSG,
  createCodeBatch,
  refundOrder,
  shipOrder,
  voidCodes,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';

const orderNo = z
  .string({ error: DELIVERY_MSG.orderMissing })
  .trim()
  .min(1, DELIVERY_MSG.orderMissing);

export const commerceAdminRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/admin/order/ship',
    access: 'admin',
    input: z.object({
      orderNo,
      expressCode: z.string({ error: DELIVERY_MSG.courier }).trim(),
      expressNumber: z.string({ error: DELIVERY_MSG.number }).trim().max(32, DELIVERY_MSG.number),
    }),
    message: '已发货',
    handler: ({ input, user, deps }) => shipOrder(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/order/refund',
    access: 'admin',
    input: z.object({
      orderNo,
      reason: z.string({ error: REFUND_MSG.reason }).trim().min(1, REFUND_MSG.reason).max(80),
    }),
    message: '退款成功',
    handler: ({ input, user, deps }) => refundOrder(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/redemption/batch',
    access: 'admin',
    input: z.object({
      courseId: requiredId,
      count: z.coerce.number({ error: REDEEM_MSG.count }).int(REDEEM_MSG.count),
      validDays: z.coerce.number().int().min(1).max(3650).nullish(),
    }),
    message: '兑换码已生成',
    handler: ({ input, deps }) =>
      createCodeBatch(deps, {
        courseId: input.courseId,
        count: input.count,
        validDays: input.validDays ?? null,
      }),
  }),
  route({
    method: 'post',
    path: '/api/admin/redemption/void',
    access: 'admin',
    input: z.object({
      batch: z.string().trim().max(40).optional(),
      code: z.string().trim().max(40).optional(),
    }),
    message: '已作废',
    handler: async ({ input, deps }) => ({ voided: await voidCodes(deps, input) }),
  }),
];

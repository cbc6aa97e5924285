/**
 * Commerce for admins (issue 11): shipping a kit order with a courier and
 * waybill, refunding through the platform, and redemption-code batches
 * (create, void). Every change is written to the order's event log, and to
 * the audit log with the order before and after. The console (issue 12)
 * reads orders and batches here and exports a batch's codes as CSV.
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { recordAudit } from '../../../services/audit/index.ts';
import type { Deps } from '../../../deps.ts';
import {
  adminOrderDetail,
  approveCancel,
  codeBatchCsv,
  refuseCancel,
  listAdminOrders,
  listCodeBatches,
  orderIdByNo,
  paidCourses,
  createCodeBatch,
  refundOrder,
  shipOrder,
  voidCodes,
  COMMERCE_MSG,
} from '../../../services/commerce/index.ts';
import { clientIp } from '../../session-cookie.ts';
import { route, type RouteDef } from '../../define.ts';

const orderNo = z
  .string({ error: COMMERCE_MSG.orderMissing })
  .trim()
  .min(1, COMMERCE_MSG.orderMissing);

/** The audit log's target of an order call: the order named by its number. */
const orderAudit = {
  target: 'order' as const,
  id: () => undefined,
  lookup: (deps: Deps, input: { orderNo: string }) => orderIdByNo(deps, input.orderNo),
};

const batchName = z
  .string({ error: COMMERCE_MSG.codeCsv.batchMissing })
  .trim()
  .min(1, COMMERCE_MSG.codeCsv.batchMissing)
  .max(40, COMMERCE_MSG.codeCsv.batchMissing);

export const orderManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/order/list',
    access: 'admin',
    input: pageSchema.extend({
      status: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce.number().int().min(0).max(4).optional(),
      ),
      q: z.string().trim().max(40).optional(),
    }),
    handler: ({ deps, input }) => listAdminOrders(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/order/detail',
    access: 'admin',
    input: z.object({ orderNo }),
    handler: ({ deps, input }) => adminOrderDetail(deps, input.orderNo),
  }),
  route({
    method: 'get',
    path: '/api/admin/redemption/batches',
    access: 'admin',
    input: pageSchema,
    handler: ({ deps, input }) => listCodeBatches(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/redemption/courses',
    access: 'admin',
    handler: async ({ deps }) => ({ list: await paidCourses(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/admin/redemption/export',
    access: 'admin',
    input: z.object({ batch: batchName }),
    // A read, but of codes worth courses: every export is in the audit log.
    handler: async ({ deps, input, user, c }) => {
      const csv = await codeBatchCsv(deps, input.batch);
      await recordAudit(deps, {
        userId: user!.id,
        role: user!.role,
        action: '/api/admin/redemption/export',
        input: { batch: input.batch, count: csv.count },
        before: null,
        after: null,
        ip: clientIp(c),
      });
      return new Response(csv.body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="codes-${input.batch.replace(/[^A-Za-z0-9-]/g, '')}.csv"; filename*=UTF-8''${encodeURIComponent(csv.filename)}`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/admin/order/ship',
    access: 'admin',
    input: z.object({
      orderNo,
      expressCode: z.string({ error: COMMERCE_MSG.delivery.courier }).trim(),
      expressNumber: z
        .string({ error: COMMERCE_MSG.delivery.number })
        .trim()
        .max(32, COMMERCE_MSG.delivery.number),
    }),
    message: COMMERCE_MSG.shipped,
    audit: orderAudit,
    handler: ({ input, user, deps }) => shipOrder(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/order/refund',
    access: 'admin',
    input: z.object({
      orderNo,
      reason: z
        .string({ error: COMMERCE_MSG.refund.reason })
        .trim()
        .min(1, COMMERCE_MSG.refund.reason)
        .max(80),
    }),
    message: COMMERCE_MSG.refunded,
    audit: orderAudit,
    handler: ({ input, user, deps }) => refundOrder(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/order/cancel/approve',
    access: 'admin',
    input: z.object({ orderNo }),
    message: COMMERCE_MSG.refunded,
    audit: orderAudit,
    handler: ({ input, user, deps }) => approveCancel(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/order/cancel/refuse',
    access: 'admin',
    input: z.object({
      orderNo,
      reason: z.string({ error: COMMERCE_MSG.cancelRequest.refusalRequired }),
    }),
    message: COMMERCE_MSG.cancelRequest.refusedDone,
    audit: orderAudit,
    handler: ({ input, user, deps }) => refuseCancel(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/redemption/batch',
    access: 'admin',
    input: z.object({
      courseId: requiredId,
      count: z.coerce.number({ error: COMMERCE_MSG.redeem.count }).int(COMMERCE_MSG.redeem.count),
      validDays: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.coerce
          .number({ error: COMMERCE_MSG.redeem.validDays })
          .int(COMMERCE_MSG.redeem.validDays)
          .min(1, COMMERCE_MSG.redeem.validDays)
          .max(3650, COMMERCE_MSG.redeem.validDays)
          .nullish(),
      ),
    }),
    message: COMMERCE_MSG.redeem.created,
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
    message: COMMERCE_MSG.codeCsv.voided,
    handler: async ({ input, deps }) => ({ voided: await voidCodes(deps, input) }),
  }),
];

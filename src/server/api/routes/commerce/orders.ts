/**
 * Buying (issue 11; spec 7 order calls): checkout, paying, the order's state
 * for the pay page, cancelling, the payment platforms' notifications, and the
 * member's orders, order tabs, pay records and delivery information.
 */
import QRCode from 'qrcode';
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  acceptNotification,
  cancelOrder,
  createOrder,
  expressInfo,
  getMemberOrder,
  listOrders,
  listOrdersByTab,
  listPayRecords,
  orderCategories,
  payMethods,
  requestCancel,
  redeemCode,
  refreshOrderPayment,
  startPayment,
  COMMERCE_MSG,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';

const orderNo = z
  .string({ error: COMMERCE_MSG.orderMissing })
  .trim()
  .regex(/^XXT\d{8,24}$/, COMMERCE_MSG.orderMissing);

const text = (max: number) => z.string().trim().max(max, COMMERCE_MSG.addressTooLong);

export const commerceRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/pay/methods',
    access: 'public',
    handler: ({ deps }) => payMethods(deps),
  }),
  route({
    method: 'post',
    path: '/api/order/create',
    access: 'member',
    input: z.object({
      courseId: requiredId,
      termsVersion: z
        .string({ error: COMMERCE_MSG.termsRequired })
        .min(1, COMMERCE_MSG.termsRequired),
      address: z
        .object({
          name: text(30),
          mobile: z.string().trim(),
          province: text(20),
          city: text(20),
          district: text(20),
          detail: text(120),
        })
        .nullish(),
      couponId: z.preprocess((v) => (v === '' || v === 0 ? null : v), requiredId.nullish()),
    }),
    message: COMMERCE_MSG.orderCreated,
    handler: ({ input, user, deps }) => createOrder(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/order/pay',
    access: 'member',
    input: z.object({
      orderNo,
      method: z.enum(['wechat', 'alipay'], { error: COMMERCE_MSG.methodUnavailable }),
      channel: z.enum(['native', 'h5', 'page', 'wap'], { error: COMMERCE_MSG.methodUnavailable }),
    }),
    async handler({ input, user, deps, c }) {
      const paid = await startPayment(deps, user!.id, input.orderNo, {
        method: input.method,
        channel: input.channel,
        clientIp: clientIp(c),
        returnUrl: `${deps.config.siteUrl}/checkout?orderNo=${input.orderNo}`,
      });
      // The QR to scan, drawn here so the checkout island carries no QR encoder.
      const qrSvg =
        paid.start.kind === 'qr'
          ? await QRCode.toString(paid.start.codeUrl, {
              type: 'svg',
              margin: 1,
              width: 200,
              errorCorrectionLevel: 'M',
            })
          : null;
      return { ...paid, qrSvg, development: deps.providers.pay.methods[input.method]!.development };
    },
  }),
  route({
    method: 'get',
    path: '/api/order/detail',
    access: 'member',
    input: z.object({ orderNo }),
    handler: ({ input, user, deps }) => getMemberOrder(deps, user!.id, input.orderNo),
  }),
  route({
    method: 'get',
    path: '/api/order/status',
    access: 'member',
    input: z.object({ orderNo }),
    handler: ({ input, user, deps }) => refreshOrderPayment(deps, user!.id, input.orderNo),
  }),
  route({
    method: 'post',
    path: '/api/order/cancel',
    access: 'member',
    input: z.object({ orderNo }),
    message: COMMERCE_MSG.orderCancelled,
    handler: ({ input, user, deps }) => cancelOrder(deps, user!.id, input.orderNo),
  }),
  route({
    method: 'post',
    path: '/api/order/cancelRequest',
    access: 'member',
    input: z.object({
      orderNo,
      reason: z.string({ error: COMMERCE_MSG.cancelRequest.reasonRequired }),
    }),
    message: COMMERCE_MSG.cancelRequest.done,
    handler: ({ input, user, deps }) => requestCancel(deps, user!.id, input),
  }),
  ...(['wechat', 'alipay'] as const).map((method) =>
    route({
      method: 'post',
      path: `/api/pay/notify/${method}`,
      access: 'public',
      async handler({ deps, c }) {
        // The exact bytes the platform signed: JSON (WeChat Pay) or a form (Alipay).
        const body = (await c.req.text()).slice(0, 64 * 1024);
        const ack = await acceptNotification(
          deps,
          method,
          { headers: c.req.header(), body },
          clientIp(c),
        );
        if (!ack.body) return c.body(null, ack.status as 204);
        return c.body(ack.body, ack.status as 200, { 'Content-Type': ack.contentType });
      },
    }),
  ),
  route({
    method: 'get',
    path: '/api/user/order',
    access: 'member',
    handler: ({ user, deps }) => listOrders(deps, user!.id),
  }),
  route({
    method: 'get',
    path: '/api/order/category',
    access: 'member',
    handler: ({ user, deps }) => orderCategories(deps, user!.id),
  }),
  route({
    method: 'get',
    path: '/api/order/queryByType',
    access: 'member',
    input: pageSchema.extend({ type: z.coerce.number().int().min(0).max(3).catch(0).default(0) }),
    handler: ({ input, user, deps }) => listOrdersByTab(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/user/payRecord',
    access: 'member',
    handler: ({ user, deps }) => listPayRecords(deps, user!.id),
  }),
  route({
    method: 'post',
    path: '/api/redemption/redeem',
    access: 'member',
    input: z.object({
      code: z
        .string({ error: COMMERCE_MSG.redeem.empty })
        .trim()
        .min(1, COMMERCE_MSG.redeem.empty)
        .max(40, COMMERCE_MSG.redeem.unknown),
    }),
    message: COMMERCE_MSG.redeem.done,
    handler: ({ input, user, deps, c }) =>
      redeemCode(deps, user!.id, { code: input.code, ip: clientIp(c) }),
  }),
  route({
    method: 'post',
    path: '/api/order/getExpressInfo',
    access: 'member',
    input: z.object({ orderNo }),
    handler: ({ input, user, deps }) => expressInfo(deps, user!.id, input.orderNo),
  }),
];

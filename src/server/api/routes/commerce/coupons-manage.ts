/**
 * Coupons for admins (issue 27): the templates (list, create, edit, stop), 发放 to
 * named members by phone number, and who holds and used each. Every write is in the
 * audit log with the template before and after. Amounts are in fen (the console
 * converts yuan); a percentage is the share paid (85 = 8.5 折).
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  couponHolders,
  createCoupon,
  issueCoupon,
  listCoupons,
  stopCoupon,
  updateCoupon,
  COMMERCE_MSG,
} from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';

const MSG = COMMERCE_MSG.couponAdmin;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional whole number (fen, a rate, days): '' → absent. */
const optionalInt = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).optional());
const requiredInt = (message: string) => z.coerce.number({ error: message }).int(message);
const optionalTime = z.preprocess(blank, z.string().trim().max(40, MSG.window).optional());
/** A flag as a form sends it: '1'/'0', 'true'/'false', or a boolean. */
const flag = z.preprocess(
  (v) => v === true || v === '1' || v === 'true' || v === 'on',
  z.boolean(),
);
/** Course ids as '1,2,3' (the console's form) or a list. */
const idList = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v.map(Number)
      : typeof v === 'string' && v.trim()
        ? v.split(',').map((s) => Number(s.trim()))
        : [],
  z.array(z.number().int().positive(MSG.courses)).max(200, MSG.courses),
);

const couponSchema = z.object({
  name: z.string({ error: MSG.name }).max(60, MSG.name),
  kind: z.string({ error: MSG.kind }),
  amountCents: optionalInt(MSG.amount),
  ratePercent: optionalInt(MSG.rate),
  maxDiscountCents: optionalInt(MSG.cap),
  minSpendCents: optionalInt(MSG.minSpend),
  validFrom: optionalTime,
  validTo: optionalTime,
  validDays: optionalInt(MSG.days),
  total: requiredInt(MSG.total),
  perMember: requiredInt(MSG.perMember),
  scope: z.string({ error: MSG.scope }),
  courseIds: idList,
  claimable: flag,
  onRegister: flag,
  onInvite: flag,
  state: z.string({ error: MSG.state }).default('draft'),
});

const audit = {
  target: 'coupon' as const,
  id: (input: object, answer?: unknown) =>
    ('id' in input ? (input.id as number) : undefined) ??
    (answer as { id?: number } | undefined)?.id,
};

export const couponManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/coupon/list',
    access: 'admin',
    input: pageSchema.extend({ state: z.string().trim().max(20).optional() }),
    handler: ({ deps, input }) => listCoupons(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/coupon/holders',
    access: 'admin',
    input: pageSchema.extend({ id: requiredId }),
    handler: ({ deps, input }) => couponHolders(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/coupon/create',
    access: 'admin',
    input: couponSchema,
    message: MSG.created,
    audit,
    handler: ({ deps, input }) => createCoupon(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/coupon/update',
    access: 'admin',
    input: couponSchema.extend({ id: requiredId }),
    message: MSG.saved,
    audit,
    handler: ({ deps, input }) => updateCoupon(deps, input.id, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/coupon/stop',
    access: 'admin',
    input: z.object({ id: requiredId }),
    message: MSG.stopped,
    audit,
    handler: ({ deps, input }) => stopCoupon(deps, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/coupon/issue',
    access: 'admin',
    input: z.object({
      id: requiredId,
      // One phone a line (or separated by commas, spaces or 、).
      mobiles: z.preprocess(
        (v) =>
          (Array.isArray(v) ? v.join('\n') : String(v ?? ''))
            .split(/[\s,，、;；]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        z.array(z.string().max(20, MSG.mobiles)).min(1, MSG.mobiles).max(200, MSG.mobiles),
      ),
    }),
    message: MSG.issueDone,
    audit,
    handler: ({ deps, input }) => issueCoupon(deps, input),
  }),
];

/**
 * What a member sees of their orders (spec 7: /api/user/order,
 * /api/order/queryByType, pay records, /api/order/getExpressInfo): the
 * orders with their delivery state (spec 4), the pay records that the
 * platform confirmed and their total.
 */
import type { PageInput } from '../../../shared/schemas.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { deliveryOf, type Delivery } from './delivery/delivery.ts';
import { sql } from 'kysely';
import { closeExpiredOrders } from './orders.ts';
import { trackOrder } from './delivery/deliveries.ts';
import { COMMERCE_MSG } from './messages.ts';

type D = Pick<Deps, 'db'>;

export interface OrderItem extends Delivery {
  id: number;
  orderNo: string;
  title: string;
  /** The course bought; null for a VIP card (vipPlanId). */
  courseId: number | null;
  vipPlanId: number | null;
  /** What the order charges (after any discount). */
  amountCents: number;
  /** The price before the discount, and the discount (0 without a coupon). */
  listPriceCents: number;
  discountCents: number;
  /** The offer it was priced with and the offer's price (issue 27), or null. */
  offerKind: string | null;
  offerPriceCents: number | null;
  status: number;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  expressName: string | null;
  expressNumber: string | null;
  /** A kit (shipped goods). */
  kit: boolean;
  /** 申请取消 (issue 27): null, requested, approved, refused; and staff's reason for refusing. */
  cancelState: string | null;
  cancelRefusal: string | null;
  /** The group (拼团) whose seat it pays: its share code and state ('open', 'full', 'failed'). */
  group: { code: string; state: string } | null;
}

function orderQuery(deps: D, userId: number, statuses: number[]) {
  return deps.db
    .selectFrom('orders')
    .leftJoin('buy_groups as g', 'g.id', 'orders.group_id')
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', statuses);
}

type OrderRow = {
  id: number;
  order_no: string;
  title: string;
  course_id: number | null;
  vip_plan_id: number | null;
  amount_cents: number;
  list_price_cents: number | null;
  discount_cents: number | null;
  offer_kind: string | null;
  offer_price_cents: number | null;
  status: number;
  created_at: string;
  paid_at: string | null;
  expires_at: string | null;
  express_name: string | null;
  express_number: string | null;
  address: string | null;
  cancel_state: string | null;
  cancel_refusal: string | null;
  group_code: string | null;
  group_state: string | null;
};

function item(o: OrderRow): OrderItem {
  return {
    id: o.id,
    orderNo: o.order_no,
    title: o.title,
    courseId: o.course_id,
    vipPlanId: o.vip_plan_id,
    amountCents: o.amount_cents,
    listPriceCents: o.list_price_cents ?? o.amount_cents,
    discountCents: o.discount_cents ?? 0,
    offerKind: o.offer_kind,
    offerPriceCents: o.offer_price_cents,
    status: o.status,
    createdAt: o.created_at,
    paidAt: o.paid_at,
    expiresAt: o.expires_at,
    expressName: o.express_name,
    expressNumber: o.express_number,
    kit: o.address !== null,
    cancelState: o.cancel_state,
    cancelRefusal: o.cancel_refusal,
    group: o.group_code && o.group_state ? { code: o.group_code, state: o.group_state } : null,
    ...deliveryOf({
      status: o.status,
      expressName: o.express_name,
      expressNumber: o.express_number,
    }),
  };
}

const COLUMNS = [
  'orders.id',
  'orders.order_no',
  'orders.title',
  'orders.course_id',
  'orders.vip_plan_id',
  'orders.amount_cents',
  'orders.list_price_cents',
  'orders.discount_cents',
  'orders.offer_kind',
  'orders.offer_price_cents',
  'orders.status',
  'orders.created_at',
  'orders.paid_at',
  'orders.expires_at',
  'orders.express_name',
  'orders.express_number',
  'orders.address',
  'orders.cancel_state',
  'orders.cancel_refusal',
  'g.code as group_code',
  'g.state as group_state',
] as const;

/** Every order of the member, newest first. */
export async function listOrders(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
): Promise<OrderItem[]> {
  // An order past its time reads closed even before its expiry job has run.
  await closeExpiredOrders(deps, userId);
  const rows = await orderQuery(deps, userId, ORDER_TAB_STATUSES[0]!)
    .select(COLUMNS)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return rows.map(item);
}

/** One tab of the member's orders (0 all, 1 unpaid, 2 paid, 3 closed), a page at a time. */
export async function listOrdersByTab(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  input: PageInput & { type: number },
): Promise<{ list: OrderItem[]; count: number }> {
  await closeExpiredOrders(deps, userId);
  const statuses = ORDER_TAB_STATUSES[input.type] ?? ORDER_TAB_STATUSES[0]!;
  const [rows, total] = await Promise.all([
    orderQuery(deps, userId, statuses)
      .select(COLUMNS)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(input.size)
      .offset((input.page - 1) * input.size)
      .execute(),
    orderQuery(deps, userId, statuses)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(item), count: Number(total.n) };
}

/** Payments the platform confirmed (and their refunds), and the total paid. */
export async function listPayRecords(deps: D, userId: number) {
  const rows = await deps.db
    .selectFrom('pay_records as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'o.order_no as orderNo',
      'o.course_id as courseId',
      'o.title',
      'p.provider',
      'p.channel',
      'p.transaction_id as transactionId',
      'p.amount_cents as amountCents',
      'p.status',
      'p.created_at as createdAt',
      'p.paid_at as paidAt',
    ])
    .where('p.user_id', '=', userId)
    .where('p.status', 'in', ['success', 'refunded'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  const total = rows.filter((r) => r.status === 'success').reduce((s, r) => s + r.amountCents, 0);
  return { list: rows, total };
}

/** The courier and waybill of a kit order (spec 4 states), with the courier's steps once shipped. */
export async function expressInfo(
  deps: Pick<Deps, 'db' | 'clock' | 'logger' | 'providers'>,
  userId: number,
  orderNo: string,
) {
  const o = await deps.db
    .selectFrom('orders')
    .leftJoin('buy_groups as g', 'g.id', 'orders.group_id')
    .select(COLUMNS)
    .where('orders.order_no', '=', orderNo)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
  if (!o) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  const d = item(o);
  const tracking = d.deliveryStatus === 'shipped' ? await trackOrder(deps, userId, orderNo) : null;
  return {
    steps: tracking?.steps ?? [],
    fetchedAt: tracking?.fetchedAt ?? null,
    notice: tracking?.notice ?? null,
    orderNo: d.orderNo,
    status: d.status,
    expressName: d.expressName,
    expressNumber: d.expressNumber,
    delivery: d.delivery,
    deliveryStatus: d.deliveryStatus,
    deliveryStr: d.deliveryStr,
  };
}

/** Counts of the member's orders by status, for the order tabs (spec: /api/order/category). */
export async function orderCategories(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  await closeExpiredOrders(deps, userId);
  const rows = await deps.db
    .selectFrom('orders')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  const count = (statuses: number[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + Number(r.n), 0);
  return [
    { type: 0, name: COMMERCE_MSG.orderTab.all, count: count([0, 1, 2, 3, 4]) },
    { type: 1, name: COMMERCE_MSG.orderTab.unpaid, count: count([0]) },
    { type: 2, name: COMMERCE_MSG.orderTab.paid, count: count([1, 2]) },
    { type: 3, name: COMMERCE_MSG.orderTab.closed, count: count([3, 4]) },
  ];
}

/** The statuses each order tab (type of /api/order/queryByType) lists. */
export const ORDER_TAB_STATUSES: Record<number, number[]> = {
  0: [0, 1, 2, 3, 4],
  1: [0],
  2: [1, 2],
  3: [3, 4],
};

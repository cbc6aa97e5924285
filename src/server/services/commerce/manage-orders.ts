/**
 * Commerce as the console reads it (issue 12): orders with their member,
 * payments, refunds, delivery and event log; redemption-code batches with
 * their counts, and a batch's codes as a CSV file for the operator.
 */
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { listPage, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';
import { deliveryOf } from './delivery/delivery.ts';
import type { ShippingAddress } from './orders.ts';
import { groupCode } from './codes/redemption.ts';
import { COMMERCE_MSG } from './messages.ts';
import { fmt } from '../../../shared/messages.ts';

type D = Pick<Deps, 'db'>;

export interface AdminOrderRow {
  id: number;
  orderNo: string;
  title: string;
  /** The course bought; null for a VIP card. */
  courseId: number | null;
  amountCents: number;
  status: number;
  statusText: string;
  source: string;
  memberId: number;
  memberName: string;
  memberMobile: string;
  createdAt: string;
  paidAt: string | null;
  expressName: string | null;
  expressNumber: string | null;
  shippedAt: string | null;
  /** A kit order with an address: it can be shipped. */
  goods: boolean;
}

/** Newest first; by status, and by order number or the member's phone (exact or its tail). */
export async function listAdminOrders(
  deps: D,
  opts: PageInput & { status?: number; q?: string },
): Promise<Paged<AdminOrderRow>> {
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .$if(opts.status !== undefined, (b) => b.where('o.status', '=', opts.status!))
    .$if(!!q, (b) =>
      b.where((eb) =>
        eb.or([
          eb('o.order_no', '=', q!),
          eb('u.mobile', '=', q!),
          // The last digits of a phone, as an operator reads them off a ticket.
          ...(/^\d{4,}$/.test(q!) ? [eb('u.mobile', 'like', `%${q}`)] : []),
        ]),
      ),
    );
  return listPage(
    base,
    (q) =>
      q
        .select([
          'o.id',
          'o.order_no',
          'o.title',
          'o.course_id',
          'o.amount_cents',
          'o.status',
          'o.source',
          'o.user_id',
          'u.name',
          'u.mobile',
          'o.created_at',
          'o.paid_at',
          'o.express_name',
          'o.express_number',
          'o.shipped_at',
          'o.address',
          'o.cancel_state',
        ])
        .orderBy('o.id', 'desc'),
    (r) => ({
      id: r.id,
      orderNo: r.order_no,
      title: r.title,
      courseId: r.course_id,
      amountCents: r.amount_cents,
      status: r.status,
      statusText: statusText(r.status, r.express_number, r.cancel_state),
      source: r.source,
      memberId: r.user_id,
      memberName: r.name,
      memberMobile: r.mobile,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      expressName: r.express_name,
      expressNumber: r.express_number,
      shippedAt: r.shipped_at,
      goods: r.address !== null,
    }),
    opts,
  );
}

/** 待支付, 已支付, 待发货, 申请取消中, 已发货, 已关闭, 已退款. */
function statusText(status: number, expressNumber: string | null, cancel: string | null): string {
  if (cancel === 'requested' && status === 2) return COMMERCE_MSG.cancelRequest.requested;
  const d = deliveryOf({ status, expressName: null, expressNumber });
  return d.deliveryStatus === 'shipped'
    ? COMMERCE_MSG.shipped
    : d.deliveryStr || COMMERCE_MSG.orderStatus[status] || '';
}

/** One order as the console's drawer shows it. */
export async function adminOrderDetail(deps: D, orderNo: string) {
  const order = await deps.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('member_coupons as mc', 'mc.id', 'o.member_coupon_id')
    .leftJoin('coupons as c', 'c.id', 'mc.coupon_id')
    .selectAll('o')
    .select(['u.name as member_name', 'u.mobile as member_mobile', 'c.name as coupon_name'])
    .where('o.order_no', '=', orderNo)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  const [payments, refunds, events] = await Promise.all([
    deps.db
      .selectFrom('pay_records')
      .select([
        'provider',
        'channel',
        'out_trade_no as outTradeNo',
        'transaction_id as transactionId',
        'amount_cents as amountCents',
        'status',
        'created_at as createdAt',
        'paid_at as paidAt',
      ])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('refunds')
      .select([
        'out_refund_no as outRefundNo',
        'amount_cents as amountCents',
        'status',
        'reason',
        'actor',
        'created_at as createdAt',
        'done_at as doneAt',
      ])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('order_events')
      .select(['type', 'detail', 'actor', 'created_at as createdAt'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
  ]);
  return {
    id: order.id,
    orderNo: order.order_no,
    title: order.title,
    courseId: order.course_id,
    amountCents: order.amount_cents,
    /** The price before the discount, the discount and the coupon that gave it (issue 27). */
    listPriceCents: order.list_price_cents ?? order.amount_cents,
    discountCents: order.discount_cents ?? 0,
    couponName: order.coupon_name,
    offerKind: order.offer_kind,
    offerPriceCents: order.offer_price_cents,
    status: order.status,
    statusText: statusText(order.status, order.express_number, order.cancel_state),
    source: order.source,
    memberId: order.user_id,
    memberName: order.member_name,
    memberMobile: order.member_mobile,
    termsVersion: order.terms_version,
    createdAt: order.created_at,
    paidAt: order.paid_at,
    closedAt: order.closed_at,
    address: order.address ? (JSON.parse(order.address) as ShippingAddress) : null,
    expressCode: order.express_code,
    expressName: order.express_name,
    expressNumber: order.express_number,
    shippedAt: order.shipped_at,
    cancelState: order.cancel_state,
    cancelReason: order.cancel_reason,
    cancelRefusal: order.cancel_refusal,
    payments,
    refunds,
    events: events.map((e) => ({ ...e, detail: JSON.parse(e.detail) as unknown })),
  };
}

export interface CodeBatchRow {
  batch: string;
  courseId: number;
  courseTitle: string;
  total: number;
  used: number;
  voided: number;
  unused: number;
  createdAt: string;
  expiresAt: string | null;
}

/** Batches, newest first, with how many of their codes are used, void and still open. */
export async function listCodeBatches(deps: D, opts: PageInput): Promise<Paged<CodeBatchRow>> {
  const base = deps.db.selectFrom('redemption_codes as r').where('r.batch', 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .select((eb) => [
        'r.batch',
        'r.course_id',
        'c.title',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('r.used_by').as('used'),
        eb.fn.count<number>('r.voided_at').as('voided'),
        eb.fn.min('r.created_at').as('created_at'),
        eb.fn.max('r.expires_at').as('expires_at'),
      ])
      .groupBy(['r.batch', 'r.course_id', 'c.title'])
      .orderBy('created_at', 'desc')
      .orderBy('r.batch', 'desc')
      .$call(pageRows(opts))
      .execute(),
    // A row is a batch's codes for one course (the seed's batch holds two): count those rows.
    deps.db
      .selectFrom(
        base
          .innerJoin('courses as c', 'c.id', 'r.course_id')
          .select(['r.batch', 'r.course_id'])
          .groupBy(['r.batch', 'r.course_id'])
          .as('g'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0)),
  ]);
  return pageOf(
    rows.map((r) => {
      const used = Number(r.used);
      const voided = Number(r.voided);
      return {
        batch: r.batch!,
        courseId: r.course_id,
        courseTitle: r.title,
        total: Number(r.total),
        used,
        voided,
        // A used code is never voided (voiding skips used codes).
        unused: Number(r.total) - used - voided,
        createdAt: String(r.created_at),
        expiresAt: r.expires_at === null ? null : String(r.expires_at),
      };
    }),
    total,
    opts,
  );
}

/** CSV fields: quoted when they hold a comma, quote or line break; formulas defused. */
function csvField(v: string): string {
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A batch's codes as CSV for spreadsheet programs: UTF-8 with a byte-order
 * mark (so Excel reads the Chinese headers), CRLF line ends.
 */
export async function codeBatchCsv(
  deps: D,
  batch: string,
): Promise<{ filename: string; body: string; count: number }> {
  const rows = await deps.db
    .selectFrom('redemption_codes as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .leftJoin('users as u', 'u.id', 'r.used_by')
    .select([
      'r.code',
      'c.title',
      'r.used_at',
      'r.voided_at',
      'r.expires_at',
      'u.mobile',
      'r.created_at',
    ])
    .where('r.batch', '=', batch)
    .orderBy('r.id')
    .execute();
  if (rows.length === 0) throw AppError.notFound(COMMERCE_MSG.codeCsv.batchMissing);
  const text = COMMERCE_MSG.codeCsv;
  const lines = rows.map((r) =>
    [
      groupCode(r.code),
      r.title,
      r.used_at ? text.used : r.voided_at ? text.voided : text.unused,
      r.mobile ?? '',
      r.used_at ?? '',
      r.expires_at ?? text.noExpiry,
      r.created_at,
    ]
      .map(csvField)
      .join(','),
  );
  return {
    filename: fmt(text.filename, { batch }),
    body: '\uFEFF' + [text.header.join(','), ...lines].join('\r\n') + '\r\n',
    count: rows.length,
  };
}

/** Courses codes can be made for: every paid course, newest first. */
export async function paidCourses(deps: D) {
  return deps.db
    .selectFrom('courses')
    .select(['id', 'title', 'price_cents as priceCents'])
    .where('price_cents', '>', 0)
    .orderBy('id', 'desc')
    .execute();
}

/** The id of the order with this number (the audit log names an order call's target by it). */
export async function orderIdByNo(deps: D, orderNo: string): Promise<number | undefined> {
  return (
    await deps.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .executeTakeFirst()
  )?.id;
}

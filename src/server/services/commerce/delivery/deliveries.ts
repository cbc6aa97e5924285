/**
 * Shipping kit orders (issue 11; spec 4): an admin sets the courier and
 * waybill (the order stays status 2, now 已发货); the member sees the
 * courier's tracking steps, asked of the courier through its adapter at
 * most once per 30 minutes per waybill, or once a minute while the courier has
 * no steps yet or could not be asked (the refresh is claimed with one
 * conditional write, so parallel viewers cannot query twice).
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { COURIERS, type TrackingStep } from '../../../providers/courier/types.ts';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { deliveryOf } from './delivery.ts';
import { logOrderEvent } from '../orders.ts';
import { COMMERCE_MSG } from '../messages.ts';

export const TRACKING_REFRESH_MS = 30 * 60_000;
/** A query that failed or found no steps yet (just shipped) is asked again sooner. */
export const TRACKING_RETRY_MS = 60_000;

/** An admin ships a paid kit order: courier (Kuaidi100 code) and waybill number. */
export async function shipOrder(
  deps: Pick<Deps, 'db' | 'clock'>,
  adminId: number,
  input: { orderNo: string; expressCode: string; expressNumber: string },
) {
  const courier = COURIERS.find((c) => c.code === input.expressCode);
  if (!courier) throw AppError.badRequest(COMMERCE_MSG.delivery.courier);
  const number = input.expressNumber.trim().toUpperCase();
  if (!/^[A-Z0-9]{6,32}$/.test(number)) throw AppError.badRequest(COMMERCE_MSG.delivery.number);
  const now = deps.clock.now();
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'status', 'address', 'express_number', 'express_name'])
    .where('order_no', '=', input.orderNo)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  if (order.status !== ORDER_STATUS.paidGoods || order.address === null)
    throw AppError.badRequest(COMMERCE_MSG.delivery.notGoods);
  await deps.db.transaction().execute(async (trx) => {
    // Not while a cancellation is asked for or granted (after-sale/): one row decides both.
    const r = await trx
      .updateTable('orders')
      .set({
        express_code: courier.code,
        express_name: courier.name,
        express_number: number,
        shipped_at: iso(now),
      })
      .where('id', '=', order.id)
      .where('status', '=', ORDER_STATUS.paidGoods)
      .where((eb) => eb.or([eb('cancel_state', 'is', null), eb('cancel_state', '=', 'refused')]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw AppError.badRequest(COMMERCE_MSG.cancelRequest.blocksShipping);
    await logOrderEvent(trx, order.id, 'shipped', `admin:${adminId}`, now, {
      before: { expressName: order.express_name, expressNumber: order.express_number },
      after: { expressName: courier.name, expressNumber: number },
    });
  });
  return deliveryOf({ status: order.status, expressName: courier.name, expressNumber: number });
}

export interface Tracking {
  expressName: string;
  expressNumber: string;
  deliveryStr: string;
  steps: { time: string; context: string; location: string | null }[];
  /** When the courier was last asked. */
  fetchedAt: string | null;
  /** A message when the courier could not be asked (the last answer is still shown). */
  notice: string | null;
}

/** The member's kit order with its courier steps (cached 30 minutes per waybill). */
export async function trackOrder(
  deps: Pick<Deps, 'db' | 'clock' | 'logger' | 'providers'>,
  userId: number,
  orderNo: string,
): Promise<Tracking> {
  const order = await deps.db
    .selectFrom('orders')
    .select(['status', 'express_code', 'express_name', 'express_number', 'address'])
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(COMMERCE_MSG.orderMissing);
  const d = deliveryOf({
    status: order.status,
    expressName: order.express_name,
    expressNumber: order.express_number,
  });
  if (d.deliveryStatus !== 'shipped' || !order.express_number)
    throw AppError.badRequest(COMMERCE_MSG.delivery.notShipped);
  const company = order.express_code ?? COURIERS.find((c) => c.name === order.express_name)?.code;
  const base = {
    expressName: order.express_name ?? '',
    expressNumber: order.express_number,
    deliveryStr: d.deliveryStr,
  };
  if (!company)
    return { ...base, steps: [], fetchedAt: null, notice: COMMERCE_MSG.delivery.trackingFailed };
  const now = deps.clock.now();
  const stale = iso(new Date(now.getTime() - TRACKING_REFRESH_MS));
  const retry = iso(new Date(now.getTime() - TRACKING_RETRY_MS));
  const key = { company_code: company, tracking_number: order.express_number };
  // Claim the refresh: a new row, or a row older than 30 minutes moved to now. One claimer asks.
  const inserted = await deps.db
    .insertInto('tracking_cache')
    .values({ ...key, result: null, error: null, fetched_at: iso(now) })
    .onConflict((oc) => oc.columns(['company_code', 'tracking_number']).doNothing())
    .executeTakeFirst();
  let claimed = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  if (!claimed) {
    const moved = await deps.db
      .updateTable('tracking_cache')
      .set({ fetched_at: iso(now) })
      .where('company_code', '=', company)
      .where('tracking_number', '=', order.express_number)
      .where((eb) =>
        eb.or([
          eb('fetched_at', '<', stale),
          eb.and([
            eb.or([eb('error', 'is not', null), eb('result', 'is', null), eb('result', '=', '[]')]),
            eb('fetched_at', '<', retry),
          ]),
        ]),
      )
      .executeTakeFirst();
    claimed = Number(moved.numUpdatedRows) === 1;
  }
  if (claimed) {
    const phone = (JSON.parse(order.address ?? '{}') as { mobile?: string }).mobile ?? '';
    try {
      const result = await deps.providers.courier.track({
        companyCode: company,
        trackingNumber: order.express_number,
        phone: phone.slice(-4),
      });
      await deps.db
        .updateTable('tracking_cache')
        .set({ result: JSON.stringify(result.steps), error: null })
        .where('company_code', '=', company)
        .where('tracking_number', '=', order.express_number)
        .execute();
    } catch (err) {
      deps.logger.warn('courier query failed', { company, error: String(err) });
      await deps.db
        .updateTable('tracking_cache')
        .set({ error: String(err instanceof Error ? err.message : err).slice(0, 200) })
        .where('company_code', '=', company)
        .where('tracking_number', '=', order.express_number)
        .execute();
    }
  }
  const row = await deps.db
    .selectFrom('tracking_cache')
    .select(['result', 'error', 'fetched_at'])
    .where('company_code', '=', company)
    .where('tracking_number', '=', order.express_number)
    .executeTakeFirstOrThrow();
  const steps = row.result
    ? (JSON.parse(row.result) as (Omit<TrackingStep, 'time'> & { time: string })[])
    : [];
  return {
    ...base,
    steps: steps.map((s) => ({ time: s.time, context: s.context, location: s.location ?? null })),
    fetchedAt: row.result ? row.fetched_at : null,
    notice: row.error ? COMMERCE_MSG.delivery.trackingFailed : null,
  };
}

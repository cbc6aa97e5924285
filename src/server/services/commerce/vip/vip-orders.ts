/**
 * Buying a VIP card (issue 27): an order like a course's (orders, payments, refunds and
 * 我的订单 are one path), with vip_plan_id and vip_days in place of the course. A paid card
 * extends the member's VIP from the later of now and its current end, in the transaction
 * that records the payment (applyTrade), and queues the expiry reminder for the new end;
 * a refunded card takes its days back. One unpaid card order per member at a time
 * (orders_one_unpaid_vip): the same card again is the same order; another card closes it.
 */
import type { Transaction } from 'kysely';
import {
  ORDER_STATUS,
  ORDER_TTL_MINUTES,
  PURCHASE_TERMS_VERSION,
} from '../../../../shared/commerce.ts';
import { formatDate } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { urls } from '../../../../shared/urls.ts';
import { VIP_MSG, VIP_REMIND_DAYS } from '../../../../shared/vip.ts';
import { iso } from '../../../clock.ts';
import type { DB } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { enqueueJob, type JobOutcome } from '../../jobs/index.ts';
import { escapeHtml, isUniqueViolation } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import {
  logOrderEvent,
  newOrderNo,
  ORDER_COLUMNS,
  scheduleOrderExpiry,
  view,
  type OrderView,
} from '../orders.ts';

type D = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'jobs'>>;

export const VIP_REMIND = 'vip.remind';

/** The member's unpaid card order for this plan, created when there is none. */
export async function createVipOrder(
  deps: D,
  userId: number,
  input: { planId: number; termsVersion: string },
): Promise<OrderView> {
  if (input.termsVersion !== PURCHASE_TERMS_VERSION)
    throw AppError.badRequest(COMMERCE_MSG.termsOutdated);
  const plan = await deps.db
    .selectFrom('vip_plans')
    .select(['id', 'name', 'days', 'price_cents'])
    .where('id', '=', input.planId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  if (!plan) throw AppError.notFound(VIP_MSG.planMissing);
  const now = deps.clock.now();
  const open = () =>
    deps.db
      .selectFrom('orders')
      .select(ORDER_COLUMNS)
      .where('user_id', '=', userId)
      .where('vip_plan_id', 'is not', null)
      .where('status', '=', ORDER_STATUS.unpaid)
      .where('expires_at', '>', iso(now))
      .executeTakeFirst();
  const existing = await open();
  if (existing?.vip_plan_id === plan.id && existing.amount_cents === plan.price_cents)
    return view(existing);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // A parallel request of the same card made it meanwhile: that order is the answer.
      const same = await trx
        .selectFrom('orders')
        .select(ORDER_COLUMNS)
        .where('user_id', '=', userId)
        .where('vip_plan_id', '=', plan.id)
        .where('status', '=', ORDER_STATUS.unpaid)
        .where('amount_cents', '=', plan.price_cents)
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      if (same) return view(same);
      // Another card (or this one at an old price, or past its time) is closed first.
      const closed = await trx
        .updateTable('orders')
        .set({ status: ORDER_STATUS.closed, closed_at: iso(now) })
        .where('user_id', '=', userId)
        .where('vip_plan_id', 'is not', null)
        .where('status', '=', ORDER_STATUS.unpaid)
        // Never a parallel request's order of this very card: that one is the answer (below).
        .where((w) =>
          w.or([
            w('vip_plan_id', '<>', plan.id),
            w('amount_cents', '<>', plan.price_cents),
            w('expires_at', '<=', iso(now)),
          ]),
        )
        .returning('id')
        .execute();
      for (const { id } of closed)
        await logOrderEvent(trx, id, 'replaced', `member:${userId}`, now);
      const row = await trx
        .insertInto('orders')
        .values({
          order_no: newOrderNo(now),
          user_id: userId,
          course_id: null,
          vip_plan_id: plan.id,
          vip_days: plan.days,
          title: plan.name,
          amount_cents: plan.price_cents,
          list_price_cents: plan.price_cents,
          discount_cents: 0,
          status: ORDER_STATUS.unpaid,
          address: null,
          terms_version: input.termsVersion,
          created_at: iso(now),
          expires_at: iso(new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000)),
        })
        .returning(ORDER_COLUMNS)
        .executeTakeFirstOrThrow();
      await logOrderEvent(trx, row.id, 'created', `member:${userId}`, now, {
        amountCents: row.amount_cents,
        vipPlanId: plan.id,
        vipDays: plan.days,
      });
      await scheduleOrderExpiry(deps.jobs, trx, row.id, new Date(row.expires_at ?? now), now);
      return view(row);
    });
  } catch (err) {
    // A parallel request made the card order first (orders_one_unpaid_vip).
    const raced = isUniqueViolation(err) ? await open() : undefined;
    if (raced?.vip_plan_id === plan.id) return view(raced);
    if (raced) throw AppError.badRequest(VIP_MSG.orderOpen);
    throw err;
  }
}

/**
 * A paid card: the member's VIP runs `days` more from the later of now and its current end
 * (inside applyTrade's transaction), the member is told in 我的消息, and the reminder of the
 * new end is queued. Answers the new end.
 */
export async function extendVip(
  deps: Partial<Pick<Deps, 'jobs'>>,
  trx: Transaction<DB>,
  order: { id: number; user_id: number; title: string; vip_days: number | null },
  now: Date,
): Promise<string> {
  const days = order.vip_days ?? 0;
  const current = await trx
    .selectFrom('vip_members')
    .select('ends_at')
    .where('user_id', '=', order.user_id)
    .executeTakeFirst();
  const from = current && current.ends_at > iso(now) ? new Date(current.ends_at) : now;
  const endsAt = iso(new Date(from.getTime() + days * 86_400_000));
  if (current)
    await trx
      .updateTable('vip_members')
      .set({
        ends_at: endsAt,
        updated_at: iso(now),
        ...(from === now && { started_at: iso(now) }),
      })
      .where('user_id', '=', order.user_id)
      .execute();
  else
    await trx
      .insertInto('vip_members')
      .values({
        user_id: order.user_id,
        started_at: iso(now),
        ends_at: endsAt,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .execute();
  await logOrderEvent(trx, order.id, 'vip_extended', 'system', now, { days, endsAt });
  if (await claimMessage(trx, `vip-paid:${order.id}`, order.user_id, 'inbox', now))
    await insertPersonalNotice(
      trx,
      {
        userId: order.user_id,
        category: VIP_MSG.category,
        title: VIP_MSG.paidTitle,
        html: `<p>${escapeHtml(fmt(VIP_MSG.paidBody, { plan: order.title, date: formatDate(endsAt) }))}</p>`,
      },
      now,
    );
  await scheduleVipReminder(deps.jobs, trx, order.user_id, endsAt, now);
  return endsAt;
}

/** A refunded card takes its days back from the member's VIP (never before now). */
export async function revokeVipDays(
  trx: Transaction<DB>,
  order: { id: number; user_id: number; vip_days: number | null },
  now: Date,
): Promise<void> {
  if (!order.vip_days) return;
  const current = await trx
    .selectFrom('vip_members')
    .select('ends_at')
    .where('user_id', '=', order.user_id)
    .executeTakeFirst();
  if (!current) return;
  const back = Math.max(now.getTime(), Date.parse(current.ends_at) - order.vip_days * 86_400_000);
  await trx
    .updateTable('vip_members')
    .set({ ends_at: iso(new Date(back)), updated_at: iso(now) })
    .where('user_id', '=', order.user_id)
    .execute();
  await logOrderEvent(trx, order.id, 'vip_revoked', 'system', now, { days: order.vip_days });
}

/** Queues the reminder VIP_REMIND_DAYS before this end (at once when that has passed). */
export async function scheduleVipReminder(
  jobs: Deps['jobs'] | undefined,
  db: Transaction<DB> | Deps['db'],
  userId: number,
  endsAt: string,
  now: Date,
): Promise<void> {
  const at = Math.max(now.getTime(), Date.parse(endsAt) - VIP_REMIND_DAYS * 86_400_000);
  await enqueueJob(
    jobs,
    db,
    {
      kind: VIP_REMIND,
      payload: { userId, endsAt },
      runAt: new Date(at),
      dedupeKey: `vip-remind:${userId}:${endsAt}`,
    },
    now,
  );
}

/**
 * The `vip.remind` job: tells the member in 我的消息 that their VIP ends soon, once per end;
 * a VIP renewed meanwhile (another end) is reminded by the job of its new end instead.
 */
export async function remindVip(
  deps: Pick<Deps, 'db' | 'clock'>,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const userId = Number(payload.userId);
  const endsAt = String(payload.endsAt);
  const now = deps.clock.now();
  const due = Date.parse(endsAt) - VIP_REMIND_DAYS * 86_400_000;
  if (due > now.getTime()) return { postponeTo: new Date(due + 1000) };
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('vip_members')
      .set({ reminded_for: endsAt })
      .where('user_id', '=', userId)
      .where('ends_at', '=', endsAt)
      .where('ends_at', '>', iso(now))
      .where((w) => w.or([w('reminded_for', 'is', null), w('reminded_for', '<>', endsAt)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return;
    if (!(await claimMessage(trx, `vip-remind:${userId}:${endsAt}`, userId, 'inbox', now))) return;
    await insertPersonalNotice(
      trx,
      {
        userId,
        category: VIP_MSG.category,
        title: VIP_MSG.remindTitle,
        html:
          `<p>${escapeHtml(fmt(VIP_MSG.remindBody, { date: formatDate(endsAt) }))}</p>` +
          `<p><a href="${urls.vip()}">${VIP_MSG.remindLink}</a></p>`,
      },
      now,
    );
  });
}

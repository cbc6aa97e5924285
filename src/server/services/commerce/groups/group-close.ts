/**
 * A group's end (拼团, issue 27). The `group.close` job runs at the group's deadline: a group
 * still open then fails (one conditional UPDATE: a last payment racing the deadline either
 * fills it first or finds it failed), its unpaid orders close, and every paid seat gets a
 * `group.refund` job. That job refunds the order through the platform it was paid with
 * (refundOrder, actor 'system') and tells the buyer in 我的消息. Exactly once, also when a
 * job runs again: a refunded seat is skipped, refundOrder claims one refund per order, and
 * the message is claimed by its key. A platform that fails makes the job throw: it retries.
 */
import type { Transaction } from 'kysely';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { formatPrice } from '../../../../shared/format.ts';
import { fmt } from '../../../../shared/messages.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import { iso } from '../../../clock.ts';
import type { DB } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { enqueueJob, type JobOutcome } from '../../jobs/index.ts';
import { escapeHtml } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { refundOrder } from '../after-sale/refunds.ts';
import { logOrderEvent } from '../orders.ts';

export const GROUP_CLOSE = 'group.close';
export const GROUP_REFUND = 'group.refund';

/** Queues the group's `group.close` job at its deadline (in the transaction opening it). */
export async function scheduleGroupClose(
  jobs: Deps['jobs'] | undefined,
  db: Transaction<DB> | Deps['db'],
  groupId: number,
  expiresAt: string,
  now: Date,
): Promise<void> {
  await enqueueJob(
    jobs,
    db,
    {
      kind: GROUP_CLOSE,
      payload: { groupId },
      runAt: new Date(expiresAt),
      dedupeKey: `group-close:${groupId}`,
    },
    now,
  );
}

/** Queues the refund of one paid seat's order. */
export async function queueGroupRefund(
  jobs: Deps['jobs'] | undefined,
  db: Transaction<DB> | Deps['db'],
  orderId: number,
  now: Date,
): Promise<void> {
  await enqueueJob(
    jobs,
    db,
    { kind: GROUP_REFUND, payload: { orderId }, runAt: now, dedupeKey: `group-refund:${orderId}` },
    now,
  );
}

/** The `group.close` job: a group still open at its deadline fails; its paid seats are refunded. */
export async function closeGroup(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const groupId = Number(payload.groupId);
  const now = deps.clock.now();
  const group = await deps.db
    .selectFrom('buy_groups')
    .select(['state', 'expires_at'])
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group || group.state === 'full') return;
  if (Date.parse(group.expires_at) > now.getTime())
    return { postponeTo: new Date(Date.parse(group.expires_at) + 1000) };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('buy_groups')
      .set({ state: 'failed', closed_at: iso(now) })
      .where('id', '=', groupId)
      .where('state', '=', 'open')
      .execute();
    // Unpaid seats: their orders close now (their seats are void with the group).
    const held = await trx
      .updateTable('orders')
      .set({ status: ORDER_STATUS.closed, closed_at: iso(now) })
      .where('group_id', '=', groupId)
      .where('status', '=', ORDER_STATUS.unpaid)
      .returning('id')
      .execute();
    for (const o of held) await logOrderEvent(trx, o.id, 'group_failed', 'system', now);
    const paid = await trx
      .selectFrom('buy_group_seats')
      .select('order_id')
      .where('group_id', '=', groupId)
      .where('state', '=', 'paid')
      .execute();
    // Queued again on a second run: the dedupe key keeps one job per order.
    for (const s of paid) await queueGroupRefund(deps.jobs, trx, s.order_id, now);
  });
}

/** The `group.refund` job: refunds one paid seat of a failed group, once, and tells the buyer. */
export async function refundGroupSeat(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const orderId = Number(payload.orderId);
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('orders as o')
    .innerJoin('buy_group_seats as s', 's.order_id', 'o.id')
    .innerJoin('buy_groups as g', 'g.id', 's.group_id')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select([
      'o.order_no',
      'o.user_id',
      'o.status',
      'o.amount_cents',
      's.state as seat',
      's.group_id',
      'g.size',
      'c.title',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.seat === 'refunded') return;
  if (row.status === ORDER_STATUS.paid) {
    const refunds = await deps.db
      .selectFrom('refunds')
      .select('status')
      .where('order_id', '=', orderId)
      .where('status', 'in', ['processing', 'success'])
      .executeTakeFirst();
    // No refund of this order yet (or only failed ones): ask the platform; a failure throws.
    if (!refunds)
      await refundOrder(deps, 'system', { orderNo: row.order_no, reason: GROUP_MSG.refundReason });
  }
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('buy_group_seats')
      .set({ state: 'refunded', updated_at: iso(now) })
      .where('order_id', '=', orderId)
      .where('state', '=', 'paid')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    if (!(await claimMessage(trx, `group-refund:${orderId}`, row.user_id, 'inbox', now))) return;
    await insertPersonalNotice(
      trx,
      {
        userId: row.user_id,
        category: GROUP_MSG.category,
        title: fmt(GROUP_MSG.failedTitle, { course: row.title }),
        html: `<p>${escapeHtml(
          fmt(GROUP_MSG.failedBody, {
            course: row.title,
            size: String(row.size),
            amount: formatPrice(row.amount_cents),
          }),
        )}</p>`,
      },
      now,
    );
  });
}

/**
 * Entitlements: what a member may open (issue 11). Every grant (a verified
 * payment, a redemption code) writes one row tied to its order; the gating of
 * paid lessons reads only this table, through `hasEntitlement`.
 */
import type { Transaction } from 'kysely';
import { iso } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { vipOpensCourse } from './vip/vip.ts';

/** Whether the member holds the course itself (a paid order or a code), VIP aside. */
export async function ownsCourse(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  courseId: number,
): Promise<boolean> {
  const now = iso(deps.clock.now());
  const row = await deps.db
    .selectFrom('entitlements')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * True when the member may open the course: they hold it (ownsCourse), or they are VIP now
 * and it is one of VIP's free courses (issue 27). Every gate of paid content asks this.
 */
export async function hasEntitlement(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  courseId: number,
): Promise<boolean> {
  if (await ownsCourse(deps, userId, courseId)) return true;
  return vipOpensCourse(deps.db, userId, courseId, deps.clock.now());
}

/** Grants the course of an order (inside the fulfilling transaction); `accessDays` null: for good. */
export async function grantEntitlement(
  trx: Transaction<DB>,
  order: { id: number; user_id: number; course_id: number },
  accessDays: number | null,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('entitlements')
    .values({
      user_id: order.user_id,
      course_id: order.course_id,
      order_id: order.id,
      starts_at: iso(now),
      ends_at: accessDays ? iso(new Date(now.getTime() + accessDays * 86_400_000)) : null,
      revoked_at: null,
      created_at: iso(now),
    })
    .execute();
}

/** Revokes the entitlement an order granted (a refund). */
export async function revokeEntitlement(trx: Transaction<DB>, orderId: number, now: Date) {
  await trx
    .updateTable('entitlements')
    .set({ revoked_at: iso(now) })
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Issue 27, invite rewards as coupons: a coupon marked on_invite is handed to both sides of an
 * invitation (the inviter and the invited member) when the invited member registers, beside
 * the invitation's redemption code, under the same conditional UPDATE of the remaining count.
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('on_invite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('on_invite').execute();
}

/**
 * Issue 27, coupons issued by a rule: a coupon marked on_register is handed to every member at
 * registration (新人券), while it is 发放中 and copies are left, under the same conditional
 * UPDATE of the remaining count as a claim; a sold-out rule coupon never blocks a registration.
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('on_register', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('on_register').execute();
}

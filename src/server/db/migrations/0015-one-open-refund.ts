/**
 * At most one refund in progress or done per order, decided by the database:
 * two admins refunding at once cannot both reach the payment platform.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('refunds_one_open')
    .on('refunds')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('processing', 'success')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_one_open').execute();
}

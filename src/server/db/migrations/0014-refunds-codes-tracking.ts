/**
 * Issue 11, the rest of commerce's rows:
 * - refunds, keyed by out_refund_no, one per refund request to the platform;
 * - redemption codes gain a batch, voiding and the zero-amount order each
 *   successful redemption makes (every grant has the same trail);
 * - tracking_cache: a courier's answer per waybill, so the courier API is
 *   asked at most once per 30 minutes per waybill.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  await withId(db, 'refunds')
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id'))
    .addColumn('pay_record_id', int, (c) => c.notNull().references('pay_records.id'))
    .addColumn('out_refund_no', text, (c) => c.notNull().unique())
    .addColumn('amount_cents', int, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('refund_id', text)
    .addColumn('reason', text, (c) => c.notNull())
    .addColumn('actor', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('done_at', text)
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();

  for (const [name, type] of [
    ['batch', text],
    ['voided_at', text],
    ['order_id', int],
  ] as const)
    await db.schema.alterTable('redemption_codes').addColumn(name, type).execute();
  await db.schema
    .createIndex('redemption_codes_batch')
    .on('redemption_codes')
    .column('batch')
    .execute();

  await withId(db, 'tracking_cache')
    .addColumn('company_code', text, (c) => c.notNull())
    .addColumn('tracking_number', text, (c) => c.notNull())
    .addColumn('result', text)
    .addColumn('error', text)
    .addColumn('fetched_at', text, (c) => c.notNull())
    .addUniqueConstraint('tracking_cache_waybill', ['company_code', 'tracking_number'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tracking_cache').execute();
  await db.schema.dropIndex('redemption_codes_batch').execute();
  for (const name of ['order_id', 'voided_at', 'batch'])
    await db.schema.alterTable('redemption_codes').dropColumn(name).execute();
  await db.schema.dropTable('refunds').execute();
}

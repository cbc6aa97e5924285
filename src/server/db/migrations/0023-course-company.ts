/**
 * Issue 15, partner zones: a course may be a partner company's, so the
 * company's zone home lists it with its articles, broadcasts and resources.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').dropColumn('company_id').execute();
}

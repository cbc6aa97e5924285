/**
 * Issue 15, search relevance: each indexed document gets its folded topic
 * (classify, column, labels, company), ranked just below the title.
 * The runtime rebuilds the index after this migration, so existing documents
 * get their topic too.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE search_documents ADD COLUMN topic_norm text NOT NULL DEFAULT ''`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE search_documents DROP COLUMN topic_norm`.execute(db);
}

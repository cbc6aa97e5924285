/**
 * Keeps the cost of a search nearly flat as its number of matches grows.
 * Counting and ranking touch every match, so they must read narrow rows:
 * the body text moves out of `search_documents` into `search_bodies`, which
 * is read only for the rows of the page shown. Two indexes let the newest
 * body-only matches be read in date order, stopping once a page is filled,
 * instead of sorting every match (services/search-rank.ts).
 */
import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  // document_id is the id of the search_documents row, not an id of its own.
  await sql`
    CREATE TABLE search_bodies (
      document_id integer PRIMARY KEY REFERENCES search_documents (id) ON DELETE CASCADE,
      body text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO search_bodies (document_id, body) SELECT id, body FROM search_documents`.execute(
    db,
  );
  // SQLite rewrites every row here, so the remaining rows really are narrow.
  await sql`ALTER TABLE search_documents DROP COLUMN body`.execute(db);
  // SQLite only: there search-rank.ts names the index to walk. PostgreSQL plans
  // from statistics and, lacking them, would walk a date index instead of the GIN one.
  if (isPostgres(db)) return;
  await sql`CREATE INDEX search_documents_published ON search_documents (published_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX search_documents_type_published ON search_documents (doc_type, published_at, id)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX IF EXISTS search_documents_type_published`.execute(db);
  await sql`DROP INDEX IF EXISTS search_documents_published`.execute(db);
  await sql`ALTER TABLE search_documents ADD COLUMN body text NOT NULL DEFAULT ''`.execute(db);
  await sql`
    UPDATE search_documents SET body = coalesce(
      (SELECT b.body FROM search_bodies b WHERE b.document_id = search_documents.id), '')`.execute(
    db,
  );
  await sql`DROP TABLE search_bodies`.execute(db);
}

/**
 * The site-search index (spec 2 /searchlist, spec 7 /api/index/search).
 *
 * `search_documents` holds one row per searchable item (type, id, title,
 * plain-text body, date). Matching never scans it or the content tables:
 * - SQLite: two contentless FTS5 tables keyed by the document's id.
 *   `search_index` uses the trigram tokenizer (case-insensitive substring
 *   matching for terms of three or more characters: part numbers such as
 *   STM32F103, Chinese phrases); `search_grams` uses unicode61 over text that
 *   services pre-split into unigrams and bigrams, because trigrams cannot
 *   match the one- and two-character queries common in Chinese.
 * - PostgreSQL: a GIN index over a `grams` text[] of the same unigrams and
 *   bigrams. Long terms are pre-filtered by their bigrams through that index
 *   and confirmed with strpos on the folded text. (pg_trgm was not used: it
 *   extracts no trigrams from one- and two-character terms and depends on
 *   the server's locale for Chinese.)
 * The index is filled by services/search.ts (reindexDocument, rebuildSearchIndex),
 * not here, because the demo seed runs after migrations.
 */
import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      CREATE TABLE search_documents (
        id serial PRIMARY KEY,
        doc_type text NOT NULL,
        doc_id integer NOT NULL,
        title text NOT NULL,
        title_norm text NOT NULL,
        body text NOT NULL,
        published_at text NOT NULL,
        search_text text NOT NULL,
        grams text[] NOT NULL,
        CONSTRAINT search_documents_unique UNIQUE (doc_type, doc_id)
      )`.execute(db);
    await sql`CREATE INDEX search_documents_grams ON search_documents USING gin (grams)`.execute(
      db,
    );
    return;
  }
  await sql`
    CREATE TABLE search_documents (
      id integer PRIMARY KEY AUTOINCREMENT,
      doc_type text NOT NULL,
      doc_id integer NOT NULL,
      title text NOT NULL,
      title_norm text NOT NULL,
      body text NOT NULL,
      published_at text NOT NULL,
      CONSTRAINT search_documents_unique UNIQUE (doc_type, doc_id)
    )`.execute(db);
  // Contentless (the text lives in search_documents); contentless_delete lets a document be replaced by rowid.
  await sql`CREATE VIRTUAL TABLE search_index USING fts5(title, body, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE VIRTUAL TABLE search_grams USING fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TABLE IF EXISTS search_grams`.execute(db);
    await sql`DROP TABLE IF EXISTS search_index`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS search_documents`.execute(db);
}

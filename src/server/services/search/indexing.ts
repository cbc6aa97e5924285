/**
 * Writes to the search index of migrations 0002 and 0008: one item at a time
 * when content changes, or everything at once. A document is a narrow row of
 * search_documents plus its body in search_bodies; on SQLite also rows of the
 * two FTS5 tables under the same rowid, on PostgreSQL its folded text and
 * n-gram array in the narrow row.
 */
import { sql, type Generated, type Kysely } from 'kysely';
import { isPostgres, type Database } from '../../db/database.ts';
import { loadSources, SEARCH_TYPES, type SearchSource, type SearchType } from './sources.ts';
import { foldText, textGrams } from './search-text.ts';

/** The tables of migrations 0002 and 0008 as Kysely sees them (the PostgreSQL-only columns are written with raw SQL). */
export type SearchTables = {
  search_documents: {
    id: Generated<number>;
    doc_type: string;
    doc_id: number;
    title: string;
    title_norm: string;
    /** Migration 0022: the folded topic (classify, column, labels, company, summary). */
    topic_norm: string;
    published_at: string;
  };
  /** Read only for the rows of the page shown, never while counting or ranking. */
  search_bodies: {
    document_id: number;
    body: string;
  };
};

/** The database with the search tables known to the query builder. */
export function searchDb(db: Database): Kysely<SearchTables> {
  return db.$extendTables<SearchTables>() as unknown as Kysely<SearchTables>;
}

/** Whether the database is PostgreSQL (else SQLite). */
export { isPostgres };

/** Runs fn in a transaction, or directly when the caller already opened one. */
async function atomically(db: Database, fn: (db: Database) => Promise<void>): Promise<void> {
  if (db.isTransaction) return fn(db);
  await db.transaction().execute(fn);
}

/** Stores a document's body under its search_documents id, replacing any earlier one. */
async function writeBody(db: Database, documentId: number, body: string): Promise<void> {
  await searchDb(db)
    .insertInto('search_bodies')
    .values({ document_id: documentId, body })
    .onConflict((oc) => oc.column('document_id').doUpdateSet({ body }))
    .execute();
}

async function writePostgres(db: Database, doc: SearchSource): Promise<void> {
  const titleNorm = foldText(doc.title);
  const topicNorm = foldText(doc.topic);
  const searchText = `${titleNorm}\n${topicNorm}\n${foldText(doc.body)}`;
  const grams = textGrams(`${doc.title}\n${doc.topic}\n${doc.body}`);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO search_documents (doc_type, doc_id, title, title_norm, topic_norm, published_at, search_text, grams)
    VALUES (${doc.type}, ${doc.id}, ${doc.title}, ${titleNorm}, ${topicNorm}, ${doc.publishedAt}, ${searchText}, ${grams}::text[])
    ON CONFLICT (doc_type, doc_id) DO UPDATE SET
      title = excluded.title, title_norm = excluded.title_norm, topic_norm = excluded.topic_norm,
      published_at = excluded.published_at, search_text = excluded.search_text, grams = excluded.grams
    RETURNING id`.execute(db);
  await writeBody(db, rows[0]!.id, doc.body);
}

async function deleteFtsRows(db: Database, rowid: number): Promise<void> {
  await sql`DELETE FROM search_index WHERE rowid = ${rowid}`.execute(db);
  await sql`DELETE FROM search_grams WHERE rowid = ${rowid}`.execute(db);
}

async function writeSqlite(
  db: Database,
  doc: SearchSource,
  existing: number | undefined,
): Promise<void> {
  const sdb = searchDb(db);
  const row = {
    title: doc.title,
    title_norm: foldText(doc.title),
    topic_norm: foldText(doc.topic),
    published_at: doc.publishedAt,
  };
  let rowid: number;
  if (existing !== undefined) {
    await deleteFtsRows(db, existing);
    await sdb.updateTable('search_documents').set(row).where('id', '=', existing).execute();
    rowid = existing;
  } else {
    const inserted = await sdb
      .insertInto('search_documents')
      .values({ doc_type: doc.type, doc_id: doc.id, ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    rowid = inserted.id;
  }
  await writeBody(db, rowid, doc.body);
  // The FTS title column holds the title and the topic: both rank above the body (rank.ts).
  await sql`INSERT INTO search_index (rowid, title, body) VALUES (${rowid}, ${`${row.title_norm}\n${row.topic_norm}`}, ${foldText(doc.body)})`.execute(
    db,
  );
  await sql`INSERT INTO search_grams (rowid, title, body) VALUES (${rowid}, ${textGrams(`${doc.title}\n${doc.topic}`).join(' ')}, ${textGrams(doc.body).join(' ')})`.execute(
    db,
  );
}

async function findRowId(db: Database, type: SearchType, id: number): Promise<number | undefined> {
  const row = await searchDb(db)
    .selectFrom('search_documents')
    .select('id')
    .where('doc_type', '=', type)
    .where('doc_id', '=', id)
    .executeTakeFirst();
  return row?.id;
}

async function dropDocument(db: Database, type: SearchType, id: number): Promise<void> {
  const rowid = await findRowId(db, type, id);
  if (rowid === undefined) return;
  if (!isPostgres(db)) await deleteFtsRows(db, rowid);
  await searchDb(db).deleteFrom('search_bodies').where('document_id', '=', rowid).execute();
  await searchDb(db).deleteFrom('search_documents').where('id', '=', rowid).execute();
}

/** Indexes one item as it is now, or drops it from the index when it is no longer public. */
export async function indexItem(db: Database, type: SearchType, id: number): Promise<void> {
  const [doc] = await loadSources(db, type, id);
  await atomically(db, async (tx) => {
    if (!doc) return dropDocument(tx, type, id);
    if (isPostgres(tx)) return writePostgres(tx, doc);
    return writeSqlite(tx, doc, await findRowId(tx, type, id));
  });
}

/** Drops one item from the index. */
export async function dropItem(db: Database, type: SearchType, id: number): Promise<void> {
  await atomically(db, (tx) => dropDocument(tx, type, id));
}

/** Empties the index and fills it from every public item; returns how many were indexed. */
export async function rebuildAll(db: Database): Promise<number> {
  const docs = (await Promise.all(SEARCH_TYPES.map((t) => loadSources(db, t)))).flat();
  await atomically(db, async (tx) => {
    if (!isPostgres(tx)) {
      // 'delete-all' is how a contentless FTS5 table is emptied.
      await sql`INSERT INTO search_index (search_index) VALUES ('delete-all')`.execute(tx);
      await sql`INSERT INTO search_grams (search_grams) VALUES ('delete-all')`.execute(tx);
    }
    await searchDb(tx).deleteFrom('search_bodies').execute();
    await searchDb(tx).deleteFrom('search_documents').execute();
    for (const doc of docs) {
      if (isPostgres(tx)) await writePostgres(tx, doc);
      else await writeSqlite(tx, doc, undefined);
    }
  });
  return docs.length;
}

/**
 * Matching, counting and ranking of site search over the narrow rows of
 * search_documents (migration 0008), so the cost stays nearly flat however
 * many documents match. Ranking is title matches first (more terms in the
 * title first, newest first among them), then topic matches (classify,
 * column, labels, company), then newer items first, then higher id; it is done in two steps
 * instead of sorting every match:
 * 1. title and topic matches: on SQLite found through the FTS title column
 *    (which holds both; few documents match there), ranked exactly with instr;
 * 2. body-only matches in date order: when matches are common, SQLite walks
 *    the date index and stops once the page is filled; when they are rare it
 *    sorts them (walking would read most of the table to find a few).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { isPostgres, searchDb } from './indexing.ts';
import { SEARCH_TYPES, type SearchType } from './sources.ts';
import { termBigrams, type SearchTerm } from './search-text.ts';

/** An FTS5 string literal: the term as one phrase, quotes doubled. */
function ftsPhrase(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** FTS5 queries for the long (trigram index) and short (n-gram index) terms, each term in `column` or anywhere. */
function ftsQueries(terms: SearchTerm[], join: 'AND' | 'OR', column = '') {
  const q = (ts: SearchTerm[]) => ts.map((t) => column + ftsPhrase(t.needle)).join(` ${join} `);
  return { long: q(terms.filter((t) => t.long)), short: q(terms.filter((t) => !t.long)) };
}

/** The index conditions every term must meet, per dialect. */
function matchConditions(db: Database, terms: SearchTerm[]): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (isPostgres(db)) {
    const long = terms.filter((t) => t.long);
    const grams = [
      ...new Set([
        ...terms.filter((t) => !t.long).map((t) => t.needle),
        ...long.flatMap((t) => termBigrams(t.needle)),
      ]),
    ];
    if (grams.length) out.push(sql<SqlBool>`d.grams @> ${grams}::text[]`);
    // The bigrams only narrow the candidates through the GIN index; strpos confirms the exact substring.
    for (const t of long) out.push(sql<SqlBool>`strpos(d.search_text, ${t.needle}) > 0`);
    return out;
  }
  const q = ftsQueries(terms, 'AND');
  if (q.long)
    out.push(
      sql<SqlBool>`d.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ${q.long})`,
    );
  if (q.short)
    out.push(
      sql<SqlBool>`d.id IN (SELECT rowid FROM search_grams WHERE search_grams MATCH ${q.short})`,
    );
  return out;
}

/** How many terms occur in a narrow column (title_norm: the first ranking key; topic_norm: the second). */
function hitsIn(
  db: Database,
  column: 'title_norm' | 'topic_norm',
  terms: SearchTerm[],
): RawBuilder<number> {
  const pg = isPostgres(db);
  const col = sql.ref(`d.${column}`);
  const parts = terms.map((t) =>
    pg ? sql`(strpos(${col}, ${t.needle}) > 0)::int` : sql`(instr(${col}, ${t.needle}) > 0)`,
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

const titleHits = (db: Database, terms: SearchTerm[]) => hitsIn(db, 'title_norm', terms);
const topicHits = (db: Database, terms: SearchTerm[]) => hitsIn(db, 'topic_norm', terms);

/** The base query of a search: matching, public (dated up to now) documents. */
export function matchingDocuments(deps: Pick<Deps, 'db' | 'clock'>, terms: SearchTerm[]) {
  const conds = matchConditions(deps.db, terms);
  return searchDb(deps.db)
    .selectFrom('search_documents as d')
    .where('d.published_at', '<=', iso(deps.clock.now()))
    .where((eb) => eb.and(conds));
}

/** Above this many FTS matches, counting subtracts the few exceptions instead of reading every match. */
const COUNT_BY_EXCEPTION = 1000;

/**
 * Counts for a query served by one FTS table with many matches: the FTS
 * count of all matches (no table rows read), less the matches that are not
 * public articles, found by walking the index over the other kinds and over
 * future-dated articles, both few next to the articles.
 */
async function countByException(
  deps: Pick<Deps, 'db' | 'clock'>,
  terms: SearchTerm[],
): Promise<Map<string, number> | null> {
  const q = ftsQueries(terms, 'AND');
  if (q.long && q.short) return null;
  const table = sql.raw(q.long ? 'search_index' : 'search_grams');
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ${q.long || q.short}`.execute(deps.db);
  const all = Number(rows[0]?.n ?? 0);
  if (all <= COUNT_BY_EXCEPTION) return null;
  const now = iso(deps.clock.now());
  const match = sql.join(matchConditions(deps.db, terms), sql` AND `);
  const others = SEARCH_TYPES.filter((t) => t !== 'article');
  const byType = await sql<{ doc_type: string; n: number; shown: number }>`
    SELECT d.doc_type, count(*) AS n, sum(d.published_at <= ${now}) AS shown
    FROM search_documents d INDEXED BY search_documents_type_published
    WHERE d.doc_type IN (${sql.join(others)}) AND ${match} GROUP BY d.doc_type`.execute(deps.db);
  const future = await sql<{ n: number }>`
    SELECT count(*) AS n FROM search_documents d INDEXED BY search_documents_type_published
    WHERE d.doc_type = 'article' AND d.published_at > ${now} AND ${match}`.execute(deps.db);
  const counts = new Map<string, number>();
  let articles = all - Number(future.rows[0]?.n ?? 0);
  for (const r of byType.rows) {
    counts.set(r.doc_type, Number(r.shown));
    articles -= Number(r.n);
  }
  counts.set('article', articles);
  return counts;
}

/** Matching public documents per kind, read from the narrow rows only. */
export async function countByType(
  deps: Pick<Deps, 'db' | 'clock'>,
  terms: SearchTerm[],
): Promise<Map<string, number>> {
  if (!isPostgres(deps.db)) {
    const counts = await countByException(deps, terms);
    if (counts) return counts;
  }
  const rows = await matchingDocuments(deps, terms)
    .select(['d.doc_type', sql<number>`count(*)`.as('n')])
    .groupBy('d.doc_type')
    .execute();
  return new Map(rows.map((r) => [r.doc_type, Number(r.n)]));
}

/** What one page of a ranked search asks for. */
export interface RankInput {
  terms: SearchTerm[];
  type?: SearchType;
  offset: number;
  size: number;
  /** Matches of `type` (or of all kinds), known from the counts. */
  matches: number;
}

/** Conditions shared by both steps: public, of the kind asked for. */
function scope(deps: Pick<Deps, 'db' | 'clock'>, type: SearchType | undefined) {
  const now = sql<SqlBool>`d.published_at <= ${iso(deps.clock.now())}`;
  return type ? sql<SqlBool>`${now} AND d.doc_type = ${type}` : now;
}

/**
 * Step 1, documents with a term in the title or the topic, ranked by title
 * hits, then topic hits, then date; also how many there are. SQLite starts
 * from the FTS title column (which holds title and topic, so every such
 * document matches there), combined with the whole query in the same FTS
 * table so the set of all matches is never built for it.
 */
async function titlePage(deps: Pick<Deps, 'db' | 'clock'>, input: RankInput) {
  const { db } = deps;
  const hits = titleHits(db, input.terms);
  const topic = topicHits(db, input.terms);
  const conds = matchConditions(db, input.terms);
  let from = sql`search_documents d`;
  let where = sql.join(conds, sql` AND `);
  if (!isPostgres(db)) {
    const all = ftsQueries(input.terms, 'AND');
    const title = ftsQueries(input.terms, 'OR', 'title : ');
    const parts = [];
    if (all.long)
      parts.push(
        sql`SELECT rowid FROM search_index WHERE search_index MATCH ${`(${all.long}) AND (${title.long})`}`,
      );
    if (all.short)
      parts.push(
        sql`SELECT rowid FROM search_grams WHERE search_grams MATCH ${`(${all.short}) AND (${title.short})`}`,
      );
    // CROSS JOIN makes SQLite start from the few title candidates.
    from = sql`(${sql.join(parts, sql` UNION `)}) t CROSS JOIN search_documents d ON d.id = t.rowid`;
    // With terms in both FTS tables a candidate has met only one table's part of the query.
    where = parts.length > 1 ? where : sql`1 = 1`;
  }
  const ranked = sql`
    SELECT d.id, d.published_at, ${hits} AS title_hits, ${topic} AS topic_hits FROM ${from}
    WHERE ${scope(deps, input.type)} AND ${where} AND (${hits} + ${topic}) > 0`;
  const { rows } = await sql<{ id: number; n: number }>`
    SELECT r.id, count(*) OVER () AS n FROM (${ranked}) r
    ORDER BY r.title_hits DESC, CASE WHEN r.title_hits > 0 THEN 0 ELSE r.topic_hits END DESC,
      r.published_at DESC, r.id DESC
    LIMIT ${input.size} OFFSET ${input.offset}`.execute(db);
  let total = rows.length ? Number(rows[0]!.n) : 0;
  if (!rows.length && input.offset > 0) {
    const c = await sql<{ n: number }>`SELECT count(*) AS n FROM (${ranked}) r`.execute(db);
    total = Number(c.rows[0]!.n);
  }
  return { ids: rows.map((r) => r.id), total };
}

/** Roughly how many documents the index holds (ids are dense), read from the ends of the primary key. */
async function indexSize(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`
    SELECT (SELECT max(id) FROM search_documents) - (SELECT min(id) FROM search_documents) + 1 AS n`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Step 2, documents matching only in the body, newest first. Walking the
 * date index reads about `wanted × size / matches` rows; sorting reads every
 * match. SQLite is told which one to do, since it cannot know which is cheaper.
 */
async function bodyPage(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: RankInput,
  offset: number,
  size: number,
): Promise<number[]> {
  const { db } = deps;
  let table = sql`search_documents d`;
  if (!isPostgres(db)) {
    const matches = Math.max(input.matches, 1);
    const walk = (offset + size) * (await indexSize(db)) <= 2 * matches * matches;
    const index = input.type ? 'search_documents_type_published' : 'search_documents_published';
    table = sql`search_documents d ${sql.raw(walk ? `INDEXED BY ${index}` : 'NOT INDEXED')}`;
  }
  const { rows } = await sql<{ id: number }>`
    SELECT d.id FROM ${table}
    WHERE ${scope(deps, input.type)} AND ${sql.join(matchConditions(db, input.terms), sql` AND `)}
      AND ${titleHits(db, input.terms)} = 0 AND ${topicHits(db, input.terms)} = 0
    ORDER BY d.published_at DESC, d.id DESC
    LIMIT ${size} OFFSET ${offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** The search_documents ids of one page of results, in rank order. */
export async function rankPage(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: RankInput,
): Promise<number[]> {
  const title = await titlePage(deps, input);
  if (title.ids.length === input.size) return title.ids;
  const offset = Math.max(0, input.offset - title.total);
  const body = await bodyPage(deps, input, offset, input.size - title.ids.length);
  return [...title.ids, ...body];
}

/** The shown fields and body of the given documents, in the order of `ids`. */
export async function pageRows(db: Database, ids: number[]) {
  if (!ids.length) return [];
  const rows = await searchDb(db)
    .selectFrom('search_documents as d')
    .innerJoin('search_bodies as b', 'b.document_id', 'd.id')
    .select(['d.id', 'd.doc_type', 'd.doc_id', 'd.title', 'd.published_at', 'b.body'])
    .where('d.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The Kysely instance over SQLite (node:sqlite) or PostgreSQL (pg),
 * chosen by DATABASE_URL.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DbConfig } from './config.ts';
import type { DB } from './schema.ts';
import { NodeSqliteDialect, openSqlite } from './sqlite-driver.ts';
import { queryLog } from './query-profile.ts';

export type Database = Kysely<DB>;

/** Whether a database (or a transaction on it) is PostgreSQL rather than SQLite. */
export function isPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface DbHandle {
  db: Database;
  kind: DbConfig['kind'];
  close(): Promise<void>;
}

/** Opens the database the config names; PostgreSQL schemas are created on demand. */
export async function openDatabase(config: DbConfig): Promise<DbHandle> {
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
    const db = new Kysely<DB>({
      dialect: new NodeSqliteDialect(openSqlite(config.file)),
      log: queryLog,
    });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  // Integers come back as numbers: every int8 the schema produces (counts) fits.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  const schema = config.schema;
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    const setup = new pg.Client({ connectionString: config.url });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog });
  await sql`select 1`.execute(db);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * Keeps the query planner's statistics current, so it picks the selective
 * indexes (e.g. recommended articles) instead of walking a whole table:
 * SQLite's `PRAGMA optimize` (analysing only tables whose statistics are
 * missing or stale), PostgreSQL's ANALYZE. Run after start-up and hourly.
 */
export async function optimizeDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'sqlite') await sql`PRAGMA optimize=0x10002`.execute(handle.db);
  else await sql`ANALYZE`.execute(handle.db);
}

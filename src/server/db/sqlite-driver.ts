/**
 * Adapts `node:sqlite` to the better-sqlite3-shaped interface Kysely's
 * SqliteDialect expects, so the project needs no native addon (DESIGN: no
 * packages compiled at install time), and makes SQLite wait for another
 * process's writes instead of failing (issue 24: ad impressions answered 500
 * `database is locked` while another process wrote the same file):
 *
 * - transactions begin IMMEDIATE: they take the write lock first. A deferred one
 *   (Kysely's default `begin`) that has read and then writes cannot wait for
 *   another writer (SQLite answers SQLITE_BUSY at once, to avoid a deadlock), so
 *   a rate-limit check failed whenever another process wrote meanwhile;
 * - a statement outside a transaction (and `begin immediate` itself) that finds
 *   the file locked is tried again, waiting between tries on the event loop
 *   (`node:sqlite` is synchronous: SQLite's own busy wait would stop every other
 *   request of the process), for up to `BUSY_WAIT_MS`; nothing ran, so a retry
 *   writes once. Past that the caller gets 系统繁忙，请稍后再试 (503), not a 500.
 */
import { EventEmitter } from 'node:events';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { AppError, CODE } from '../errors.ts';
import { MSG } from '../../shared/messages.ts';

/** How long SQLite itself waits for a lock, blocking the process (short: the rest is async). */
const SYNC_BUSY_MS = 10;
/** Compiled statements kept per connection (Kysely's SQL is one string per query shape). */
const KEPT_STATEMENTS = 500;
/** How long a statement waits in all for another process's write lock. */
export const BUSY_WAIT_MS = 30_000;

/** Emits `wait` ({ sql }) each time a statement finds the file locked and will try again. */
export const sqliteBusy = new EventEmitter();

function toSqlValue(v: unknown): SQLInputValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  return v as SQLInputValue;
}

/** Whether an error of `node:sqlite` is SQLITE_BUSY (any extended code of it). */
export function isBusy(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number } | null;
  return (
    e?.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number' && (e.errcode & 0xff) === 5
  );
}

/** Opens a SQLite file with WAL, a short busy timeout and foreign keys on. */
export function openSqlite(file: string): { raw: DatabaseSync; kysely: SqliteDatabase } {
  const raw = new DatabaseSync(file, { timeout: SYNC_BUSY_MS });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec(`PRAGMA busy_timeout = ${SYNC_BUSY_MS}`);
  /** Compiled statements by their SQL, least recently used first. */
  const prepared = new Map<string, { st: StatementSync; reader: boolean }>();
  const kysely: SqliteDatabase = {
    close: () => {
      prepared.clear();
      if (raw.isOpen) raw.close();
    },
    prepare(sql: string): SqliteStatement {
      // A statement is compiled once and kept (issue 30: compiling every query again was about
      // a tenth of an uncached page's render); `all` and `run` reset it on each call. SQLite
      // compiles a kept statement again by itself after a schema change.
      let kept = prepared.get(sql);
      if (kept) {
        prepared.delete(sql);
      } else {
        const st = raw.prepare(sql);
        kept = { st, reader: st.columns().length > 0 };
        if (prepared.size >= KEPT_STATEMENTS) prepared.delete(prepared.keys().next().value!);
      }
      prepared.set(sql, kept);
      const { st, reader } = kept;
      return {
        reader,
        all: (params) => st.all(...params.map(toSqlValue)),
        run: (params) => {
          const r = st.run(...params.map(toSqlValue));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        // An iterator holds its statement until it ends: its own, so a kept one is never reset
        // under it.
        iterate: (params) => raw.prepare(sql).iterate(...params.map(toSqlValue)),
      };
    },
  };
  return { raw, kysely };
}

/** Runs `run` again while the file is locked by another connection and no transaction is open. */
async function whileBusy<T>(raw: DatabaseSync, sql: string, run: () => Promise<T>): Promise<T> {
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      // Inside a transaction a retry could not be the same statement: the caller decides.
      if (!isBusy(err) || raw.isTransaction) throw err;
      if (Date.now() - start >= BUSY_WAIT_MS) throw new AppError(CODE.unavailable, MSG.busy);
      sqliteBusy.emit('wait', { sql });
      await new Promise((r) => setTimeout(r, Math.min(5 * 2 ** attempt, 50)));
    }
  }
}

class BusyRetryingConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #raw: DatabaseSync;
  constructor(inner: DatabaseConnection, raw: DatabaseSync) {
    this.#inner = inner;
    this.#raw = raw;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return whileBusy(this.#raw, query.sql, () => this.#inner.executeQuery<R>(query));
  }
  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

class BusyRetryingDriver extends SqliteDriver {
  readonly #wrapped = new WeakMap<DatabaseConnection, BusyRetryingConnection>();
  readonly #raw: DatabaseSync;
  constructor(config: ConstructorParameters<typeof SqliteDriver>[0], raw: DatabaseSync) {
    super(config);
    this.#raw = raw;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    let wrapped = this.#wrapped.get(inner);
    if (!wrapped)
      this.#wrapped.set(inner, (wrapped = new BusyRetryingConnection(inner, this.#raw)));
    return wrapped;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect over `node:sqlite`, with IMMEDIATE transactions and busy retries. */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #opened: { raw: DatabaseSync; kysely: SqliteDatabase };
  constructor(opened: { raw: DatabaseSync; kysely: SqliteDatabase }) {
    super({ database: opened.kysely });
    this.#opened = opened;
  }
  override createDriver(): Driver {
    return new BusyRetryingDriver({ database: this.#opened.kysely }, this.#opened.raw);
  }
}

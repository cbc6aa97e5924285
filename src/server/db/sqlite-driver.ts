/**
 * Adapts `node:sqlite` to the better-sqlite3-shaped interface Kysely's
 * SqliteDialect expects, so the project needs no native addon (DESIGN: no
 * packages compiled at install time).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function toSqlValue(v: unknown): SQLInputValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  return v as SQLInputValue;
}

/** Opens a SQLite file with WAL, a busy timeout and foreign keys on. */
export function openSqlite(file: string): { raw: DatabaseSync; kysely: SqliteDatabase } {
  const raw = new DatabaseSync(file, { timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  const kysely: SqliteDatabase = {
    close: () => {
      if (raw.isOpen) raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const st = raw.prepare(sql);
      const reader = st.columns().length > 0;
      return {
        reader,
        all: (params) => st.all(...params.map(toSqlValue)),
        run: (params) => {
          const r = st.run(...params.map(toSqlValue));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => st.iterate(...params.map(toSqlValue)),
      };
    },
  };
  return { raw, kysely };
}

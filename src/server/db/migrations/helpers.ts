/**
 * What the migrations share: the untyped database they run on and the one
 * difference between the engines they care about, the auto-increment id.
 * Changing what these emit changes every migration that uses them: an
 * existing database must see no difference, so keep the statements as they are.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export type AnyDb = Kysely<unknown>;
export type Table = CreateTableBuilder<string, never>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** CREATE TABLE name with an auto-increment integer primary key `id` (serial on PostgreSQL). */
export function withId(db: AnyDb, name: string): Table {
  const t = db.schema.createTable(name) as Table;
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

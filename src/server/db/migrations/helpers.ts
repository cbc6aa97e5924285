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

/** Indexes on one table, each a name and its columns in order: what 0042 and 0043 add. */
export type IndexList = readonly (readonly [string, readonly string[]])[];

/** CREATE INDEX name ON table (columns) for each of the list. */
export async function createIndexes(db: AnyDb, table: string, indexes: IndexList): Promise<void> {
  for (const [name, columns] of indexes)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

/** DROP INDEX IF EXISTS for each of the list. */
export async function dropIndexes(db: AnyDb, indexes: IndexList): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}

/**
 * Issue 12, community moderation: a comment can be hidden by a moderator or
 * held for review (its text matched the word list); a member can be banned
 * from commenting until a time, or disabled (no login, sessions ended).
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('visible'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('banned_until', 'text').execute();
  const t = db.schema.createTable('moderation_words') as CreateTableBuilder<string, never>;
  await (
    db.getExecutor().adapter instanceof PostgresAdapter
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('word', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_words').execute();
  await db.schema.alterTable('users').dropColumn('banned_until').execute();
  await db.schema.alterTable('users').dropColumn('disabled').execute();
  await db.schema.alterTable('comments').dropColumn('status').execute();
}

/**
 * Issue 26, IP 属地: the region of the poster's address when posting (广东, 美国, 未知), stored
 * with comments, chat messages and member articles, and on the member (the region of their
 * latest login or post, shown on the profile). Null for what was posted before this migration:
 * shown as nothing, never guessed.
 */
import type { Kysely } from 'kysely';

const TABLES = ['comments', 'live_chat_messages', 'articles', 'users'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await db.schema.alterTable(table).addColumn('ip_region', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('ip_region').execute();
}

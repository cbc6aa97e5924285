/**
 * Issue 23: the text that goes with a lesson's or a replay's video. `chapters` is a JSON list
 * of {at, title} (an empty list when there are none); `subtitles` a JSON list of the cues of
 * the uploaded WebVTT, {start, end, text} (null when there are none). Both are read only
 * through the gated /api/media/text, never by cached pages.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['lessons', 'live_broadcasts'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('chapters', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
      .execute();
    await db.schema.alterTable(table).addColumn('subtitles', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('subtitles').execute();
    await db.schema.alterTable(table).dropColumn('chapters').execute();
  }
}

/**
 * Issue 12, the console's editor: an editorial article keeps the editor's
 * structured document (ProseMirror JSON) beside the HTML rendered from it
 * on the server; null for articles written as HTML or plain text.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('content_doc', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('content_doc').execute();
}

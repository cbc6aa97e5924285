/**
 * Tables of the accounts flows (DESIGN: Identity, Providers): the development
 * SMS outbox, WeChat OAuth states, one-time account tokens (password reset,
 * WeChat binding) and uploaded-image records. Secrets are stored as SHA-256
 * only; the outbox holds plain codes because it stands in for a phone, and
 * only the demo-mode development provider writes to it.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  await withId(db, 'sms_outbox')
    .addColumn('area_num', text, (c) => c.notNull())
    .addColumn('mobile', text, (c) => c.notNull())
    .addColumn('purpose', text, (c) => c.notNull())
    .addColumn('code', text, (c) => c.notNull())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone')
    .on('sms_outbox')
    .columns(['mobile', 'id'])
    .execute();

  // id is the SHA-256 of the state sent to the provider.
  await db.schema
    .createTable('wx_states')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('redirect', text, (c) => c.notNull())
    .addColumn('host', text, (c) => c.notNull())
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'account_tokens')
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('purpose', text, (c) => c.notNull())
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('subject', text)
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();

  await withId(db, 'uploads')
    .addColumn('name', text, (c) => c.notNull().unique())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', int, (c) => c.notNull())
    .addColumn('width', int, (c) => c.notNull())
    .addColumn('height', int, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uploads_user')
    .on('uploads')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['uploads', 'account_tokens', 'wx_states', 'sms_outbox'])
    await db.schema.dropTable(t).execute();
}

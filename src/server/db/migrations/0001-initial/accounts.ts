/**
 * Part of migration 0001 (the initial schema), in its original order:
 * Members and their login: users, sessions, WeChat identities, captchas, SMS codes, rate-limit hits.
 */
import { withId, type AnyDb } from '../helpers.ts';

export async function createAccountTables(db: AnyDb): Promise<void> {
  const text = 'text' as const;
  const int = 'integer' as const;

  await withId(db, 'users')
    .addColumn('mobile', text, (c) => c.notNull())
    .addColumn('area_num', text, (c) => c.notNull())
    .addColumn('password_hash', text)
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('login_name', text)
    .addColumn('photo', text)
    .addColumn('email', text)
    .addColumn('job_role', text)
    .addColumn('product_interests', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('role', text, (c) => c.notNull().defaultTo('member'))
    .addColumn('invite_code', text, (c) => c.notNull().unique())
    .addColumn('invited_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('failed_logins', int, (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('users_phone_unique', ['area_num', 'mobile'])
    .execute();

  await withId(db, 'sessions')
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('ip', text)
    .addColumn('user_agent', text)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, 'wx_identities')
    .addColumn('openid', text, (c) => c.notNull().unique())
    .addColumn('unionid', text)
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('nickname', text)
    .addColumn('avatar', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('answer_hash', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, 'sms_codes')
    .addColumn('mobile', text, (c) => c.notNull())
    .addColumn('area_num', text, (c) => c.notNull())
    .addColumn('purpose', text, (c) => c.notNull())
    .addColumn('code_hash', text, (c) => c.notNull())
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('used', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('ip', text)
    .execute();
  await db.schema
    .createIndex('sms_codes_phone')
    .on('sms_codes')
    .columns(['mobile', 'created_at'])
    .execute();

  await withId(db, 'rate_limit_hits')
    .addColumn('bucket', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_bucket')
    .on('rate_limit_hits')
    .columns(['bucket', 'created_at'])
    .execute();
}

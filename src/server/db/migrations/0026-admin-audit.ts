/**
 * Issue 12, audit log: every change made through a staff route, who made it
 * (user and role at the time), the route, the input, and the affected row
 * before and after.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = db.schema.createTable('admin_audit') as CreateTableBuilder<string, never>;
  await (
    db.getExecutor().adapter instanceof PostgresAdapter
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)')
    .addColumn('target_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_target')
    .on('admin_audit')
    .columns(['target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('admin_audit_user').on('admin_audit').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
}

/**
 * Versioned migrations, listed here rather than read from disk so the bundled
 * server carries them. Add a migration by adding a module and a line below.
 */
import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { isPostgres } from './migrations/helpers.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-search.ts';
import * as m0003 from './migrations/0003-accounts.ts';
import * as m0004 from './migrations/0004-members.ts';
import * as m0005 from './migrations/0005-media.ts';
import * as m0007 from './migrations/0007-article-indexes.ts';
import * as m0008 from './migrations/0008-search-narrow.ts';
import * as m0010 from './migrations/0010-ad-mobile-images.ts';
import * as m0011 from './migrations/0011-normalize-phones.ts';
import * as m0012 from './migrations/0012-csp-reports.ts';
import * as m0013 from './migrations/0013-commerce.ts';
import * as m0014 from './migrations/0014-refunds-codes-tracking.ts';
import * as m0015 from './migrations/0015-one-open-refund.ts';
import * as m0016 from './migrations/0016-course-lives-resources.ts';
import * as m0020 from './migrations/0020-jobs-reminders.ts';
import * as m0021 from './migrations/0021-exam-results.ts';
import * as m0022 from './migrations/0022-search-topic.ts';
import * as m0023 from './migrations/0023-course-company.ts';
import * as m0024 from './migrations/0024-export-pages.ts';
import * as m0025 from './migrations/0025-cdn-purge-days.ts';
import * as m0026 from './migrations/0026-admin-audit.ts';
import * as m0027 from './migrations/0027-moderation.ts';
import * as m0028 from './migrations/0028-article-doc.ts';
import * as m0029 from './migrations/0029-app-secrets.ts';
import * as m0030 from './migrations/0030-audit-refusals.ts';
import * as m0031 from './migrations/0031-media-text.ts';
import * as m0032 from './migrations/0032-member-notes.ts';
import * as m0033 from './migrations/0033-order-cancel-requests.ts';
import * as m0034 from './migrations/0034-live-chat.ts';
import * as m0035 from './migrations/0035-ip-region.ts';
import * as m0036 from './migrations/0036-reading-progress.ts';
import * as m0037 from './migrations/0037-lesson-checks.ts';
import * as m0038 from './migrations/0038-certificates.ts';
import * as m0039 from './migrations/0039-live-host.ts';
import * as m0040 from './migrations/0040-lesson-questions.ts';
import * as m0041 from './migrations/0041-learning-paths.ts';
import * as m0042 from './migrations/0042-article-hot-indexes.ts';
import * as m0043 from './migrations/0043-article-recommended-indexes.ts';
import * as m0044 from './migrations/0044-coupons.ts';
import * as m0045 from './migrations/0045-challenges.ts';
import * as m0046 from './migrations/0046-member-articles-index.ts';
import * as m0047 from './migrations/0047-register-coupons.ts';
import * as m0048 from './migrations/0048-course-offers.ts';
import * as m0049 from './migrations/0049-invite-coupons.ts';
import * as m0050 from './migrations/0050-vip.ts';
import * as m0051 from './migrations/0051-group-buying.ts';
import * as m0052 from './migrations/0052-article-status-recommended.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-search': m0002,
  '0003-accounts': m0003,
  '0004-members': m0004,
  '0005-media': m0005,
  '0007-article-indexes': m0007,
  '0008-search-narrow': m0008,
  '0010-ad-mobile-images': m0010,
  '0011-normalize-phones': m0011,
  '0012-csp-reports': m0012,
  '0013-commerce': m0013,
  '0014-refunds-codes-tracking': m0014,
  '0015-one-open-refund': m0015,
  '0016-course-lives-resources': m0016,
  '0020-jobs-reminders': m0020,
  '0021-exam-results': m0021,
  '0022-search-topic': m0022,
  '0023-course-company': m0023,
  '0024-export-pages': m0024,
  '0025-cdn-purge-days': m0025,
  '0026-admin-audit': m0026,
  '0027-moderation': m0027,
  '0028-article-doc': m0028,
  '0029-app-secrets': m0029,
  '0030-audit-refusals': m0030,
  '0031-media-text': m0031,
  '0032-member-notes': m0032,
  '0033-order-cancel-requests': m0033,
  '0034-live-chat': m0034,
  '0035-ip-region': m0035,
  '0036-reading-progress': m0036,
  '0037-lesson-checks': m0037,
  '0038-certificates': m0038,
  '0039-live-host': m0039,
  '0040-lesson-questions': m0040,
  '0041-learning-paths': m0041,
  '0042-article-hot-indexes': m0042,
  '0043-article-recommended-indexes': m0043,
  '0044-coupons': m0044,
  '0045-challenges': m0045,
  '0046-member-articles-index': m0046,
  '0047-register-coupons': m0047,
  '0048-course-offers': m0048,
  '0049-invite-coupons': m0049,
  '0050-vip': m0050,
  '0051-group-buying': m0051,
  '0052-article-status-recommended': m0052,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * The database as the migrator sees it, its table look-ups kept to one schema. Kysely's own
 * lists the tables of every schema by name, and fails when another process drops one of those
 * schemas meanwhile (test runs beside each other, each in schemas of its own).
 */
// The migrator's handle is untyped (migrations run before the typed schema exists), as below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function keptToSchema(db: Kysely<any>, schema: string): Kysely<any> {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'f')`.execute(db);
    return rows.map((r) => ({
      name: r.name,
      schema,
      isView: r.kind === 'v',
      isForeign: r.kind === 'f',
      columns: [],
    }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Brings the schema up to date; throws with the failing migration's name.
 * On PostgreSQL pass the schema in use: Kysely otherwise finds its bookkeeping
 * tables in any schema of the database, and runs in parallel schemas collide.
 */
export async function migrateToLatest(
  // Migrations run before the typed schema exists; any table shape is accepted here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  opts: { schema?: string } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db: opts.schema ? keptToSchema(db, opts.schema) : db,
    provider,
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
  // SQLite: foreign keys are off while the schema changes (a table copied and renamed, 0050),
  // the documented way to change a table SQLite cannot alter in place, and checked after.
  const sqlite = !isPostgres(db);
  if (sqlite) await sql`PRAGMA foreign_keys = OFF`.execute(db);
  const { error, results } = await migrator.migrateToLatest().finally(async () => {
    if (!sqlite) return;
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
    if (broken.rows.length > 0)
      throw new Error(`foreign keys broken by a migration: ${JSON.stringify(broken.rows)}`);
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

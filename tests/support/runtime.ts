/**
 * A real runtime for integration tests: a fresh SQLite file in a temp dir, or,
 * when DATABASE_URL is a postgres URL, a fresh schema of that database, dropped
 * afterwards. Migrated and seeded with the demo content; the API app is the
 * real one, called in process with `app.request()`.
 */
import { buildProviders } from '../../src/server/providers/registry.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApiApp } from '../../src/server/api/app.ts';
import { pageStore } from '../../src/server/cache/page-store.ts';
import type { Clock } from '../../src/server/clock.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import type { DbConfig } from '../../src/server/db/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { recordChangeJobs } from '../../src/server/change-jobs.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seed, storeDemoResourceFiles } from '../../src/server/db/seed/index.ts';
import { rebuildSearchIndex } from '../../src/server/services/search/index.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { SharedLimiter } from '../../src/server/services/lib/index.ts';
import { memoryLogger } from '../../src/server/logger.ts';
import { createSession } from '../../src/server/services/accounts/index.ts';

/** A clock tests can move. */
export function testClock(
  start = new Date('2026-11-21T04:00:00.000Z'),
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => void (t += ms),
    set: (d) => void (t = d.getTime()),
  };
}

export const DEMO = {
  password: 'Demo@2026',
  members: ['13800138001', '13800138002', '13800138003'],
  admin: '13800138000',
} as const;

export type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>;

export async function createTestRuntime(
  opts: {
    seed?: boolean;
    config?: Partial<AppConfig>;
    /** Provider settings as the environment would give them (default: none, the development providers). */
    providerEnv?: Record<string, string>;
    /** Shared rate limits (Redis), as the server builds them from REDIS_URL; default: the database. */
    limiter?: SharedLimiter;
  } = {},
) {
  const url = process.env.DATABASE_URL;
  let database: DbConfig;
  let dir: string | undefined;
  if (url?.startsWith('postgres')) {
    database = {
      kind: 'postgres',
      url,
      schema: `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
    };
  } else {
    dir = mkdtempSync(join(tmpdir(), 'xxt-test-'));
    database = { kind: 'sqlite', file: join(dir, 'test.db') };
  }
  const handle = await openDatabase(database);
  await migrateToLatest(handle.db, {
    schema: database.kind === 'postgres' ? database.schema : undefined,
  });
  const clock = testClock();
  if (opts.seed !== false) {
    await seed(handle.db, { now: clock.now() });
    await rebuildSearchIndex(handle.db);
  }
  const logger = memoryLogger();
  const config: AppConfig = { ...loadConfig({}), database, mode: 'demo', ...opts.config };
  const invalidated: string[][] = [];
  const store = pageStore();
  const base = {
    db: handle.db,
    clock,
    cache: {
      invalidate: (tags: string[]) => {
        invalidated.push(tags);
        store.invalidate({ tags });
      },
      // The server's own outbox: jobs exist when EXPORT_DIR or a CDN is configured.
      outbox: (db: Database, tags: string[]) =>
        recordChangeJobs(deps, store, db, tags).then(() => undefined),
    },
    logger,
    config,
  };
  const deps: Deps = {
    ...base,
    providers: buildProviders(base, opts.providerEnv ?? {}),
    ...(opts.limiter ? { limiter: opts.limiter } : {}),
  };
  if (opts.seed !== false) await storeDemoResourceFiles(deps.providers.resources);
  const app = createApiApp(deps);

  /** The user id of a phone. */
  async function userId(mobile: string): Promise<number> {
    const u = await handle.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    return u.id;
  }

  return {
    app,
    deps,
    db: handle.db,
    clock,
    logger,
    invalidated,
    userId,
    /** A session token for the member with this phone. */
    async tokenFor(mobile: string): Promise<string> {
      return (await createSession(deps, await userId(mobile))).token;
    },
    /** GET with optional bearer token; returns the parsed envelope. */
    async get<T = unknown>(path: string, token?: string) {
      const res = await app.request(path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return {
        status: res.status,
        body: (await res.json()) as { code: number; message: string; data: T },
      };
    },
    /** POST form-encoded (spec 7's default) with optional bearer token. */
    async post<T = unknown>(path: string, form: Record<string, string> = {}, token?: string) {
      const res = await app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: new URLSearchParams(form).toString(),
      });
      return {
        status: res.status,
        body: (await res.json()) as { code: number; message: string; data: T },
      };
    },
    /** POST JSON with optional bearer token. */
    async postJson<T = unknown>(path: string, json: unknown, token?: string) {
      const res = await app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(json),
      });
      return {
        status: res.status,
        body: (await res.json()) as { code: number; message: string; data: T },
      };
    },
    async close() {
      if (database.kind === 'postgres')
        await sql.raw(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`).execute(handle.db);
      await handle.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The process's runtime: configuration, database (migrated, and seeded in
 * demo mode), the page cache and the API app, created once on first use.
 * Reachable from globalThis so the server entry can start and stop it.
 */
import { assertProductionProviders, buildProviders } from './providers/registry.ts';
import type { Hono } from 'hono';
import { createApiApp } from './api/app.ts';
import type { AppEnv } from './api/env.ts';
import { connectFanout, type Fanout } from './cache/fanout.ts';
import {
  chatStreamStart,
  checkChatBroadcast,
  connectChatFanout,
  endChatStreams,
  writeChatStream,
} from './services/live/index.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from './errors.ts';
import { fail } from './api/errors.ts';
import { requiredId } from '../shared/schemas.ts';
import { MSG } from '../shared/messages.ts';
import { pageStore } from './cache/page-store.ts';
import { systemClock } from './clock.ts';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase, optimizeDatabase, type Database, type DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed, storeDemoResourceFiles, type SeedResult } from './db/seed/index.ts';
import { storeDemoMedia } from './providers/storage/media.ts';
import { rebuildSearchIndex } from './services/search/index.ts';
import type { Deps } from './deps.ts';
import { createLogger } from './logger.ts';
import { connectRedisLimiter, purgeOldHits } from './services/lib/index.ts';
import { closeExpiredOrders } from './services/commerce/index.ts';
import { startJobWorker, startPgBossJobs } from './services/jobs/index.ts';
import { scheduleSeededReplays } from './services/live/index.ts';
import { recordChangeJobs } from './change-jobs.ts';
import { JOB_HANDLERS } from './job-handlers.ts';

export interface Runtime {
  deps: Deps;
  api: Hono<AppEnv>;
  migrations: string[];
  seeded: SeedResult | null;
  close(): Promise<void>;
}

/** Boots a runtime for a configuration: used by the server and by tests. */
export async function bootRuntime(
  config: AppConfig,
  opts: { seed?: boolean } = {},
): Promise<Runtime> {
  // Production refuses the development providers before touching anything.
  assertProductionProviders(config);
  const logger = createLogger({ service: 'xinxuetang' });
  const handle: DbHandle = await openDatabase(config.database);
  const schema =
    config.database.kind === 'postgres' ? (config.database.schema ?? 'public') : undefined;
  const migrations = await migrateToLatest(handle.db, { schema });
  const doSeed = opts.seed ?? config.mode === 'demo';
  const seeded = doSeed ? await seed(handle.db, { now: systemClock.now() }) : null;
  // Seeded content goes into the search index at once rather than on the first search.
  // Also after the migration that added the topic to every search document (0022).
  if (seeded?.seeded || migrations.includes('0022-search-topic'))
    await rebuildSearchIndex(handle.db);
  await optimizeDatabase(handle);
  const store = pageStore();
  // Several instances share invalidations through Redis; one instance needs none.
  const fanout: Fanout | null = config.redisUrl
    ? await connectFanout(
        store,
        config.redisUrl,
        (err) => logger.warn('cache fan-out error', { error: String(err) }),
        config.cacheChannel,
      )
    : null;
  // Live chat events reach the viewers on every instance through Redis too (issue 26).
  const chatFanout = config.redisUrl
    ? await connectChatFanout(
        config.redisUrl,
        (err) => logger.warn('live chat fan-out error', { error: String(err) }),
        `${config.cacheChannel}:live-chat`,
      )
    : null;
  // A change's jobs (re-export, CDN purge) are written in its transaction (cache.outbox);
  // after the commit the pages go and the worker is woken to run the jobs at once.
  let wakeWorker = () => {};
  const cache = {
    invalidate: (tags: string[]) => {
      store.invalidate({ tags });
      wakeWorker();
    },
    outbox: async (db: Database, tags: string[]) => {
      await recordChangeJobs(deps, store, db, tags);
    },
  };
  const base = {
    db: handle.db,
    clock: systemClock,
    cache,
    logger,
    config,
  };
  // Several instances share rate limits through Redis; start-up does not wait for it
  // beyond a moment (reading works without it; SMS refuses until it is back).
  const limiter = config.redisUrl
    ? connectRedisLimiter(config.redisUrl, { prefix: config.rateLimitPrefix })
    : undefined;
  if (limiter && !(await limiter.ready(2000)))
    logger.warn('Redis not reachable for rate limits: SMS refused, other limits in the database');
  const deps: Deps = {
    ...base,
    providers: buildProviders(base),
    ...(limiter ? { limiter } : {}),
  };
  // Hourly: rate-limit rows older than every window go, planner statistics are refreshed, and
  // unpaid orders past their time close (each order's own order.expire job does that on time).
  const purge = setInterval(() => {
    purgeOldHits(deps).catch((err: unknown) =>
      logger.warn('purging rate-limit rows failed', { error: String(err) }),
    );
    optimizeDatabase(handle).catch((err: unknown) =>
      logger.warn('optimizing the database failed', { error: String(err) }),
    );
    closeExpiredOrders(deps).catch((err: unknown) =>
      logger.warn('closing expired orders failed', { error: String(err) }),
    );
  }, 3_600_000);
  purge.unref();
  // Reminders and announcements: every instance polls; a claim is atomic, so each job runs once.
  // Demo resources' files into the resource store (disk or bucket) where missing.
  if (config.mode === 'demo') await storeDemoResourceFiles(deps.providers.resources);
  // The generated demo media (MEDIA_DIR) into the media store when that is a bucket.
  if (config.mode === 'demo' && deps.providers.media.name === 's3') {
    const put = await storeDemoMedia(deps.providers.media);
    if (put) logger.info('demo media put into the media bucket', { files: put });
  }
  // Jobs: pg-boss on PostgreSQL (its own schema beside the app's), the table worker on SQLite.
  // Every instance works; a job runs once.
  const usePgBoss =
    config.database.kind === 'postgres' && config.jobPollMs > 0 && config.jobsBackend !== 'table';
  if (usePgBoss && config.database.kind === 'postgres') {
    const jobs = await startPgBossJobs(deps, JOB_HANDLERS, {
      url: config.database.url,
      schema: config.database.schema ? `${config.database.schema}_jobs` : 'pgboss',
      pollMs: config.jobPollMs,
    });
    deps.jobs = jobs;
    wakeWorker = () => jobs.wake();
  }
  const worker =
    config.jobPollMs > 0 && !usePgBoss
      ? startJobWorker(deps, JOB_HANDLERS, config.jobPollMs)
      : null;
  if (worker) wakeWorker = () => worker.wake();
  // The seed writes broadcasts without the console: their replays are looked for at their end.
  if (seeded?.seeded) await scheduleSeededReplays(deps);
  if (config.mode === 'demo')
    logger.info(
      'demo mode: development SMS, WeChat login, payment (local WeChat Pay and Alipay) and courier providers in use',
    );
  return {
    deps,
    api: createApiApp(deps),
    migrations,
    seeded,
    close: async () => {
      clearInterval(purge);
      await worker?.stop();
      await deps.jobs?.stop();
      await fanout?.close();
      await chatFanout?.close();
      await limiter?.close();
      await handle.close();
    },
  };
}

let booting: Promise<Runtime> | undefined;

/** The process-wide runtime, booted from the environment on first call. */
export function getRuntime(): Promise<Runtime> {
  booting ??= bootRuntime(loadConfig());
  return booting;
}

/** What the server entry (outside Astro's bundle) reaches through globalThis. */
export interface RuntimeHandle {
  start(): Promise<Runtime>;
  /** The start of a stop: ends the requests that would never finish (live chat streams). */
  quiesce(): void;
  /**
   * A GET of `/api/live/chat/<id>/events`, written straight to the Node response (the front
   * server's path: no web stream per viewer); an unknown broadcast gets the API's envelope.
   */
  chatStream(req: IncomingMessage, res: ServerResponse): Promise<void>;
  stop(): Promise<void>;
}

async function chatStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { deps } = await getRuntime();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const liveId = Number(/^\/api\/live\/chat\/(\d+)\/events$/.exec(url.pathname)?.[1]);
  const header = req.headers['last-event-id'];
  const after = chatStreamStart(
    (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('after'),
  );
  try {
    const id = requiredId.safeParse(liveId);
    if (!id.success) throw AppError.badRequest(MSG.invalidId);
    // Not found before a stream opens: the client stops instead of reconnecting for ever.
    await checkChatBroadcast(deps, liveId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    return void res.end(JSON.stringify(fail(err)));
  }
  writeChatStream(deps, liveId, after, res);
}

const KEY = Symbol.for('xinxuetang.runtime');
(globalThis as unknown as Record<symbol, RuntimeHandle>)[KEY] = {
  start: getRuntime,
  quiesce() {
    endChatStreams();
  },
  chatStream,
  async stop() {
    if (booting) await (await booting).close();
  },
};

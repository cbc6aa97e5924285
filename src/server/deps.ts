/**
 * What services depend on, passed as one object so tests hand in real ones
 * (a real database) and fakes only at the edge (providers). Services reach
 * providers only through `deps.providers`, never by looking them up.
 */
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Providers } from './providers/registry.ts';
import type { SharedLimiter } from './services/lib/index.ts';
import type { PgBossJobs } from './services/jobs/index.ts';

/** Invalidates cached pages by tag (e.g. 'article:12', 'list:articles'). */
export interface PageCache {
  invalidate(tags: string[]): void;
  /**
   * Records, on the change's own connection (its transaction), the jobs a change
   * of these tags sets off: re-export (EXPORT_DIR), CDN purge (CDN_PROVIDER).
   * services/lib commitChange calls it.
   */
  outbox(db: Database, tags: string[]): Promise<void>;
}

export interface Deps {
  db: Database;
  clock: Clock;
  cache: PageCache;
  logger: Logger;
  config: AppConfig;
  /** The outside world (SMS, WeChat, storage, …): built once from the settings; tests swap in fakes at this edge. */
  providers: Providers;
  /** Rate limits shared through Redis (REDIS_URL); absent, the database decides. */
  limiter?: SharedLimiter;
  /** Background jobs in pg-boss (PostgreSQL servers); absent, the `jobs` table and its worker. */
  jobs?: PgBossJobs;
}

/**
 * Where a render's time goes (issue 30): with `RENDER_PROFILE=1` (the benchmark's switch, off in
 * production), Kysely reports every query's duration, and the queries run inside a profiled
 * scope (a page render, src/middleware.ts) are counted and summed for that scope alone, however
 * many renders interleave; a query slower than RENDER_PROFILE_SLOW_MS (20 ms) is written to stderr
 * with its SQL. Off, nothing is hooked: Kysely gets no logger, and no scope is opened.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/** Whether renders are profiled (read once, at start). */
export const RENDER_PROFILE = process.env.RENDER_PROFILE === '1';

export interface QueryProfile {
  /** Queries run in the scope. */
  queries: number;
  /** Their time in milliseconds (as the driver saw it: waiting for a pooled connection included). */
  ms: number;
}

const scope = new AsyncLocalStorage<QueryProfile>();

/** A query slower than this (ms) is written to stderr with its SQL while profiling. */
const SLOW_MS = Number(process.env.RENDER_PROFILE_SLOW_MS || 20);

function onQuery(event: LogEvent): void {
  if (event.queryDurationMillis > SLOW_MS)
    process.stderr.write(
      `${JSON.stringify({ slowQuery: Math.round(event.queryDurationMillis), sql: event.query.sql })}\n`,
    );
  const profile = scope.getStore();
  if (!profile) return;
  profile.queries++;
  profile.ms += event.queryDurationMillis;
}

/** Kysely's `log` option: the query counter when profiling, else none. */
export const queryLog = RENDER_PROFILE ? onQuery : undefined;

/** Runs `fn` with its queries counted into `profile`. */
export function withQueryProfile<T>(profile: QueryProfile, fn: () => Promise<T>): Promise<T> {
  return scope.run(profile, fn);
}

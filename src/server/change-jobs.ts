/**
 * The jobs a content change sets off (issue 14), written on the change's own
 * connection so they commit with it (services/lib commitChange):
 *   export.pages  — with EXPORT_DIR, re-export the pages carrying the tags;
 *   cdn.purge     — with CDN_PROVIDER, purge their URLs at the CDN (the keys
 *                   this instance had cached with the tags are captured now,
 *                   before the commit drops them).
 */
import { CDN_PURGE } from './cdn/purge.ts';
import type { PageStore } from './cache/page-store.ts';
import type { Database } from './db/database.ts';
import type { Deps } from './deps.ts';
import { EXPORT_PAGES } from './export/index.ts';
import { enqueueJob, type NewJob } from './services/jobs/index.ts';

export async function recordChangeJobs(
  deps: Pick<Deps, 'config' | 'providers' | 'jobs' | 'clock'>,
  store: PageStore,
  db: Database,
  tags: string[],
): Promise<NewJob[]> {
  if (tags.length === 0) return [];
  const now = deps.clock.now();
  const jobs: NewJob[] = [];
  if (deps.config.exportDir) jobs.push({ kind: EXPORT_PAGES, payload: { tags }, runAt: now });
  if (deps.providers.cdn)
    jobs.push({ kind: CDN_PURGE, payload: { tags, keys: store.keysTagged(tags) }, runAt: now });
  for (const job of jobs) await enqueueJob(deps.jobs, db, job, now);
  return jobs;
}

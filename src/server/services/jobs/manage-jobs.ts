/** What an admin sees of the job queue: the newest jobs, optionally of one status. */
import type { Deps } from '../../deps.ts';
import type { JobsTable } from '../../db/schema.ts';
import { listPage, type Paged, type PageInput } from '../lib/index.ts';
import type { Selectable } from 'kysely';

export interface JobView {
  id: number | string;
  kind: string;
  payload: unknown;
  status: Selectable<JobsTable>['status'];
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export async function listJobs(
  deps: Pick<Deps, 'db' | 'jobs'>,
  opts: PageInput & { status?: JobView['status']; kind?: string },
): Promise<Paged<JobView>> {
  // On PostgreSQL the jobs are pg-boss's.
  if (deps.jobs) return deps.jobs.list(opts);
  const base = deps.db
    .selectFrom('jobs')
    .$if(opts.status !== undefined, (q) => q.where('status', '=', opts.status!))
    .$if(opts.kind !== undefined, (q) => q.where('kind', '=', opts.kind!));
  return listPage(
    base,
    (q) => q.selectAll().orderBy('id', 'desc'),
    (r) => ({
      id: r.id,
      kind: r.kind,
      payload: JSON.parse(r.payload) as unknown,
      status: r.status,
      runAt: r.run_at,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    }),
    opts,
  );
}

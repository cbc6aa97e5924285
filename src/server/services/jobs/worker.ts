/**
 * Runs due jobs with their handlers: `runDueJobs` drains what is due now (the
 * tests call it directly), `startJobWorker` polls on an interval in the
 * server. A handler that throws is retried with back-off; one that returns
 * `{ postponeTo }` runs again then without spending an attempt.
 */
import type { Deps } from '../../deps.ts';
import { claimNext, fail, finish, postpone } from './queue.ts';

export type JobOutcome = void | { postponeTo: Date };
export type JobHandler = (
  deps: Deps,
  payload: Record<string, unknown>,
  /** Which job and attempt (the table's row id, or pg-boss's id). */
  job: { id: number | string; attempts: number },
) => Promise<JobOutcome>;
export type JobHandlers = Record<string, JobHandler>;

/** Runs jobs due at the clock's now, at most `limit`; returns how many ran. */
export async function runDueJobs(deps: Deps, handlers: JobHandlers, limit = 50): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = await claimNext(deps.db, deps.clock.now());
    if (!job) break;
    ran++;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      const outcome = await handler(deps, JSON.parse(job.payload) as Record<string, unknown>, job);
      if (outcome && 'postponeTo' in outcome) await postpone(deps.db, job, outcome.postponeTo);
      else await finish(deps.db, job, deps.clock.now());
    } catch (err) {
      deps.logger.warn('job failed', {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error: String(err),
      });
      await fail(deps.db, job, err, deps.clock.now());
    }
  }
  return ran;
}

/** Polls for due jobs every `intervalMs` until stopped, or when woken; one drain at a time. */
export function startJobWorker(
  deps: Deps,
  handlers: JobHandlers,
  intervalMs: number,
): { stop(): Promise<void>; wake(): void } {
  let running: Promise<unknown> | null = null;
  let again = false;
  const tick = () => {
    if (running) {
      // A job enqueued during a drain: drain once more right after.
      again = true;
      return;
    }
    again = false;
    running = runDueJobs(deps, handlers)
      .catch((err: unknown) => deps.logger.warn('job worker error', { error: String(err) }))
      .finally(() => {
        running = null;
        if (again && !stopped) tick();
      });
  };
  let stopped = false;
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    /** Runs due jobs now rather than at the next poll (a job this process just enqueued). */
    wake() {
      if (!stopped) tick();
    },
  };
}

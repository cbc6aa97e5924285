/**
 * Background jobs (DESIGN: Jobs): the queue table and its worker. The
 * handlers of each kind live with their domain and are registered in
 * src/server/job-handlers.ts.
 */
export { backoffMs, claimNext, enqueue, LEASE_MS, type JobRow, type NewJob } from './queue.ts';
export {
  runDueJobs,
  startJobWorker,
  type JobHandler,
  type JobHandlers,
  type JobOutcome,
} from './worker.ts';
export { listJobs, type JobView } from './manage-jobs.ts';
export { startPgBossJobs, type JobSender, type PgBossJobs } from './pg-boss.ts';
export { enqueueJob, rescheduleJobs } from './queue.ts';

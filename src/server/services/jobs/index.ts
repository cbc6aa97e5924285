/**
 * # jobs — background jobs (DESIGN: Jobs)
 *
 * Words: job (a kind, a payload and a due time), worker (polls the jobs table), pg-boss (the
 * queue on PostgreSQL). Avoid "task", "cron". The handlers of each kind live with their domain
 * and are registered in src/server/job-handlers.ts.
 * Owns: jobs.
 * Staff code: manage-jobs.ts (the console's 后台任务 list).
 * Projections: staff JobView; JobRow, NewJob, JobHandler.
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

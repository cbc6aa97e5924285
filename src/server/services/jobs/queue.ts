/**
 * The background job queue (issue 15; DESIGN: Jobs): rows in `jobs`, polled
 * by the worker on SQLite and PostgreSQL alike. Enqueue inside the change's
 * own transaction (pass the transaction as `db`), so a job exists exactly when
 * its change does. A dedupe key makes enqueuing idempotent: the second insert
 * with the same key does nothing.
 *
 * A claim is one conditional UPDATE (pending and due, or running with an
 * expired lease), so two workers — two processes or two instances — never run
 * the same job at once; on PostgreSQL the candidate is picked with SKIP LOCKED.
 */
import { sql } from 'kysely';
import { iso } from '../../clock.ts';
import { isPostgres, type Database } from '../../db/database.ts';
import type { JobsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** One job per key, ever: a second enqueue with the key is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Inserts a job (nothing when its dedupe key exists); true when it was inserted. */
export async function enqueue(db: Database, job: NewJob, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: iso(job.runAt),
      max_attempts: job.maxAttempts ?? 5,
      dedupe_key: job.dedupeKey ?? null,
      created_at: iso(now),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Enqueues with the process's job backend: pg-boss on PostgreSQL when the
 * runtime started it (deps.jobs), else the `jobs` table. Pass the change's
 * transaction as `db` either way.
 */
export async function enqueueJob(
  sender: { enqueue(db: Database, job: NewJob, now: Date): Promise<boolean> } | undefined,
  db: Database,
  job: NewJob,
  now: Date,
): Promise<boolean> {
  return sender ? sender.enqueue(db, job, now) : enqueue(db, job, now);
}

/** Moves the waiting jobs with these dedupe keys to a new time (a broadcast moved). */
export async function rescheduleJobs(
  sender:
    | { reschedule(db: Database, kind: string, keys: string[], runAt: Date): Promise<void> }
    | undefined,
  db: Database,
  kind: string,
  keys: string[],
  runAt: Date,
): Promise<void> {
  if (keys.length === 0) return;
  if (sender) return sender.reschedule(db, kind, keys, runAt);
  await db
    .updateTable('jobs')
    .set({ run_at: iso(runAt) })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('dedupe_key', 'in', keys)
    .execute();
}

/** How long a claimed job is leased before another worker may take it over. */
export const LEASE_MS = 5 * 60_000;

/** Claims the next due job for this worker, or null when none is due. */
export async function claimNext(db: Database, now: Date): Promise<JobRow | null> {
  const at = iso(now);
  const until = iso(new Date(now.getTime() + LEASE_MS));
  const due = sql<boolean>`(status = 'pending' AND run_at <= ${at}) OR (status = 'running' AND locked_until <= ${at})`;
  const pick = isPostgres(db)
    ? sql`SELECT id FROM jobs WHERE ${due} ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`
    : sql`SELECT id FROM jobs WHERE ${due} ORDER BY run_at, id LIMIT 1`;
  const result = await sql<JobRow>`
    UPDATE jobs SET status = 'running', locked_until = ${until}, attempts = attempts + 1
    WHERE id = (${pick}) AND (${due})
    RETURNING *`.execute(db);
  return result.rows[0] ?? null;
}

/** Back-off before retry n (1-based): 30 s, 1 min, 2 min, … capped at one hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** The job ran to the end. Only the claim holder (same attempt) may finish it. */
export async function finish(db: Database, job: JobRow, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: iso(now), locked_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** The job asked to run again later without counting an attempt (its subject moved). */
export async function postpone(db: Database, job: JobRow, runAt: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: iso(runAt), locked_until: null, attempts: job.attempts - 1 })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** The job failed: retried after a back-off, or failed for good after its last attempt. */
export async function fail(db: Database, job: JobRow, error: unknown, now: Date): Promise<void> {
  const last = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: last ? 'failed' : 'pending',
      run_at: last ? job.run_at : iso(new Date(now.getTime() + backoffMs(job.attempts))),
      locked_until: null,
      last_error: String(error instanceof Error ? error.message : error).slice(0, 1000),
      finished_at: last ? iso(now) : null,
    })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

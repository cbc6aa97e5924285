/**
 * Background jobs on PostgreSQL through pg-boss (issue 14; DESIGN: Jobs):
 * a job is sent with the caller's own connection, so enqueued inside the
 * change's transaction it exists exactly when the change commits. Queues
 * notify workers (LISTEN/NOTIFY), so a job enqueued on one instance starts at
 * once on whichever instance is free; retries back off exponentially.
 * SQLite keeps the table-polling worker (queue.ts, worker.ts).
 *
 * At start, jobs still pending in the `jobs` table (the demo seed writes its
 * reminders there; or a database that ran the table worker before) move into
 * pg-boss in one transaction.
 */
import { sql } from 'kysely';
import { fromKysely, PgBoss } from 'pg-boss';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { PageInput, Paged } from '../lib/index.ts';
import type { JobView } from './manage-jobs.ts';
import type { NewJob } from './queue.ts';
import type { JobHandlers } from './worker.ts';

/** Where a job goes: the `jobs` table (default) or pg-boss. */
export interface JobSender {
  enqueue(db: Database, job: NewJob, now: Date): Promise<boolean>;
  /** Moves the waiting jobs of a kind with these dedupe keys to `runAt`. */
  reschedule(db: Database, kind: string, keys: string[], runAt: Date): Promise<void>;
}

const STATE: Record<string, JobView['status']> = {
  created: 'pending',
  retry: 'pending',
  active: 'running',
  completed: 'done',
  cancelled: 'failed',
  failed: 'failed',
};

export interface PgBossJobs extends JobSender {
  readonly schema: string;
  /** Newest jobs first, for /api/admin/jobs. */
  list(opts: PageInput & { status?: JobView['status']; kind?: string }): Promise<Paged<JobView>>;
  /** Runs due jobs now (a job this process just enqueued). */
  wake(): void;
  stop(): Promise<void>;
}

export async function startPgBossJobs(
  deps: Deps,
  handlers: JobHandlers,
  opts: { url: string; schema: string; pollMs: number; retryDelaySeconds?: number },
): Promise<PgBossJobs> {
  const boss = new PgBoss({ connectionString: opts.url, schema: opts.schema, max: 4 });
  boss.on('error', (err: unknown) => deps.logger.warn('pg-boss error', { error: String(err) }));
  await boss.start();
  const kinds = Object.keys(handlers);
  for (const kind of kinds)
    // 'stately': a second job with the same dedupe key is refused while one waits.
    await boss.createQueue(kind, {
      policy: 'stately',
      notify: true,
      retryLimit: 4,
      retryDelay: opts.retryDelaySeconds ?? 30,
      retryBackoff: true,
      retryDelayMax: 3600,
    });
  const sender: JobSender = {
    async enqueue(db, job) {
      const id = await boss.send(job.kind, job.payload ?? {}, {
        startAfter: job.runAt,
        ...(job.dedupeKey ? { singletonKey: job.dedupeKey } : {}),
        retryLimit: (job.maxAttempts ?? 5) - 1,
        // On the caller's connection: inside its transaction when it passes one.
        db: fromKysely(db),
      });
      return id !== null;
    },
    async reschedule(db, kind, keys, runAt) {
      for (const singletonKey of keys)
        await boss.update(kind, undefined, { singletonKey, startAfter: runAt, db: fromKysely(db) });
    },
  };
  // Pending table jobs move over, once, atomically.
  await deps.db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('jobs')
      .selectAll()
      .where('status', 'in', ['pending', 'running'])
      .forUpdate()
      .execute();
    for (const row of pending) {
      if (!handlers[row.kind]) continue;
      await sender.enqueue(
        trx,
        {
          kind: row.kind,
          payload: JSON.parse(row.payload) as Record<string, unknown>,
          runAt: new Date(row.run_at),
          ...(row.dedupe_key ? { dedupeKey: row.dedupe_key } : {}),
          maxAttempts: row.max_attempts,
        },
        deps.clock.now(),
      );
      await trx
        .updateTable('jobs')
        .set({ status: 'done', finished_at: iso(deps.clock.now()), last_error: 'moved to pg-boss' })
        .where('id', '=', row.id)
        .execute();
    }
  });
  const pollingIntervalSeconds = Math.max(0.5, opts.pollMs / 1000);
  const workers: string[] = [];
  for (const kind of kinds) {
    const handler = handlers[kind]!;
    workers.push(
      await boss.work<Record<string, unknown>>(
        kind,
        { pollingIntervalSeconds, notifyPollingIntervalSeconds: 30 },
        async ([job]) => {
          if (!job) return;
          const outcome = await handler(deps, job.data, {
            id: job.id,
            attempts: job.retryCount + 1,
          });
          // Not yet due after all (a broadcast moved): the same job again at the new time.
          if (outcome && 'postponeTo' in outcome)
            await boss.send(kind, job.data, { startAfter: outcome.postponeTo });
        },
      ),
    );
  }
  const table = sql.id(opts.schema, 'job');
  return {
    schema: opts.schema,
    enqueue: sender.enqueue,
    reschedule: sender.reschedule,
    wake() {
      for (const id of workers) boss.notifyWorker(id);
    },
    async list(o) {
      const states = o.status
        ? Object.entries(STATE)
            .filter(([, s]) => s === o.status)
            .map(([k]) => k)
        : null;
      const where = sql`WHERE true ${o.kind ? sql`AND name = ${o.kind}` : sql``} ${
        states ? sql`AND state::text IN (${sql.join(states)})` : sql``
      }`;
      const rows = await sql<{
        id: string;
        name: string;
        data: unknown;
        state: string;
        retry_count: number;
        retry_limit: number;
        start_after: Date;
        created_on: Date;
        completed_on: Date | null;
        output: unknown;
      }>`SELECT id, name, data, state::text AS state, retry_count, retry_limit, start_after,
           created_on, completed_on, output
         FROM ${table} ${where}
         ORDER BY created_on DESC, id DESC
         LIMIT ${o.size} OFFSET ${(o.page - 1) * o.size}`.execute(deps.db);
      const total = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${table} ${where}`.execute(deps.db);
      return {
        list: rows.rows.map((r) => ({
          id: r.id,
          kind: r.name,
          payload: r.data,
          status: STATE[r.state] ?? 'pending',
          runAt: new Date(r.start_after).toISOString(),
          attempts: r.state === 'created' ? r.retry_count : r.retry_count + 1,
          maxAttempts: r.retry_limit + 1,
          lastError:
            r.state === 'failed' || r.state === 'retry'
              ? JSON.stringify(r.output ?? null).slice(0, 500)
              : null,
          createdAt: new Date(r.created_on).toISOString(),
          finishedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
        })),
        count: Number(total.rows[0]?.n ?? 0),
        page: o.page,
        size: o.size,
      };
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

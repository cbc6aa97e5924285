/**
 * Background jobs on PostgreSQL through pg-boss (issue 14): a job enqueued in
 * a transaction exists exactly when the transaction commits; a dedupe key
 * keeps one job waiting; a failing job is retried with back-off; pending
 * table jobs move over at start; a reservation's reminder reaches the inbox
 * through pg-boss; admins see the jobs. Runs when DATABASE_URL is PostgreSQL
 * (CI sets it); the table worker is tested on both engines in learning-loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import {
  enqueue,
  startPgBossJobs,
  type JobHandlers,
  type PgBossJobs,
} from '../../../src/server/services/jobs/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url?.startsWith('postgres'))('jobs in pg-boss', () => {
  let rt: TestRuntime;
  let jobs: PgBossJobs;
  const ran: { kind: string; payload: Record<string, unknown>; attempts: number }[] = [];
  let flakyFailures = 0;
  let bossSchema: string;

  const handlers: JobHandlers = {
    ...JOB_HANDLERS,
    'test.ok': async (_deps, payload, job) => {
      ran.push({ kind: 'test.ok', payload, attempts: job.attempts });
    },
    'test.flaky': async (_deps, payload, job) => {
      ran.push({ kind: 'test.flaky', payload, attempts: job.attempts });
      if (flakyFailures++ === 0) throw new Error('第一次失败');
    },
  };

  // Waits for the state, however busy the machine; the test's own timeout ends a hang.
  const until = async (check: () => boolean | Promise<boolean>) => {
    while (!(await check())) await new Promise((r) => setTimeout(r, 100));
  };

  beforeAll(async () => {
    rt = await createTestRuntime();
    const database = rt.deps.config.database;
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    bossSchema = `${database.schema}_jobs`;
    // A job left in the table before pg-boss starts (the demo seed's reminders are too).
    await enqueue(
      rt.db,
      { kind: 'test.ok', payload: { from: 'table' }, runAt: rt.clock.now() },
      rt.clock.now(),
    );
    jobs = await startPgBossJobs(rt.deps, handlers, {
      url: database.url,
      schema: bossSchema,
      pollMs: 500,
      retryDelaySeconds: 1,
    });
    rt.deps.jobs = jobs;
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
    await rt.db.schema.dropSchema(bossSchema).ifExists().cascade().execute();
    await rt?.close();
  });

  it('moves pending table jobs into pg-boss at start, and runs them', async () => {
    const moved = await rt.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'test.ok')
      .execute();
    expect(moved).toEqual([{ status: 'done', last_error: 'moved to pg-boss' }]);
    await until(() => ran.some((r) => r.payload.from === 'table'));
  });

  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    const now = rt.clock.now();
    await rt.db
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue(
          trx,
          { kind: 'test.ok', payload: { n: 'rolled back' }, runAt: now },
          now,
        );
        throw new Error('回滚');
      })
      .catch(() => undefined);
    await rt.db.transaction().execute(async (trx) => {
      await jobs.enqueue(trx, { kind: 'test.ok', payload: { n: 'committed' }, runAt: now }, now);
    });
    jobs.wake();
    await until(() => ran.some((r) => r.payload.n === 'committed'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(ran.filter((r) => r.payload.n === 'rolled back')).toEqual([]);
  });

  it('a dedupe key keeps one job waiting however often it is sent', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const sent = await Promise.all(
      Array.from({ length: 5 }, () =>
        jobs.enqueue(
          rt.db,
          { kind: 'test.ok', payload: { n: 'dedupe' }, runAt: later, dedupeKey: 'once-please' },
          rt.clock.now(),
        ),
      ),
    );
    expect(sent.filter(Boolean)).toHaveLength(1);
  });

  it('a failing job is retried with back-off and admins see it done after 2 attempts', async () => {
    const now = rt.clock.now();
    await jobs.enqueue(rt.db, { kind: 'test.flaky', payload: { n: 'flaky' }, runAt: now }, now);
    jobs.wake();
    await until(() => ran.filter((r) => r.kind === 'test.flaky').length === 2);
    const attempts = ran.filter((r) => r.kind === 'test.flaky').map((r) => r.attempts);
    expect(attempts).toEqual([1, 2]);
    const admin = await rt.tokenFor(DEMO.admin);
    await until(async () => {
      const res = await rt.get<{ list: { kind: string; status: string; attempts: number }[] }>(
        '/api/admin/jobs?kind=test.flaky&page=1&size=10',
        admin,
      );
      return res.body.data.list[0]?.status === 'done';
    });
    const res = await rt.get<{ list: { kind: string; status: string; attempts: number }[] }>(
      '/api/admin/jobs?kind=test.flaky&page=1&size=10',
      admin,
    );
    expect(res.body.data.list).toMatchObject([{ kind: 'test.flaky', status: 'done', attempts: 2 }]);
  });

  it("a reservation's reminder goes through pg-boss to the member's inbox", async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const member = await rt.tokenFor(DEMO.members[1]);
    // Starts in 10 minutes: the reminder (15 minutes ahead) is due at once.
    const start = new Date(rt.clock.now().getTime() + 10 * 60_000);
    const title = `pg-boss 提醒测试直播 ${Date.now()}`;
    const created = await rt.post<{ id: number }>(
      '/api/admin/live/create',
      {
        title,
        description: '提醒测试',
        speaker: '陈工',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3_600_000).toISOString(),
        streamUrl: '/media/gen/live-1/index.m3u8',
      },
      admin,
    );
    expect(created.body.code).toBe(200);
    const reserved = await rt.post(
      '/api/live_broadcast/saveReserve',
      { liveId: String(created.body.data.id), name: '李明', company: '芯学堂', smsConsent: '0' },
      member,
    );
    expect(reserved.body.code).toBe(200);
    const table = await rt.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'live.remind')
      .where('status', '=', 'pending')
      .execute();
    expect(table).toEqual([]);
    jobs.wake();
    await until(async () => {
      const inbox = await rt.get<{ list: { title: string }[] }>(
        '/api/notice/user/list?size=100',
        member,
      );
      return inbox.body.data.list.some((n) => n.title.includes(title));
    });
  });
});

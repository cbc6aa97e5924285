/**
 * Issue 15, the learning loop on SQLite and PostgreSQL: the job queue (one
 * run per job under parallel workers, retries, postponing), live reminders
 * (inbox always, SMS where agreed, sent once, following a moved start),
 * replays after the end, column subscriptions with new-lesson notices, and
 * the admin calls that add lessons and schedule broadcasts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../../src/server/job-handlers.ts';
import { enqueue, runDueJobs } from '../../../src/server/services/jobs/index.ts';
import { REMINDER_LEAD_MS } from '../../../src/server/services/live/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { LIVE_MSG } from '../../../src/server/services/live/index.ts';
import { MEMBERS_MSG } from '../../../src/server/services/members/index.ts';

let rt: TestRuntime;
let admin: string;
let member: string;
let memberId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  member = await rt.tokenFor(DEMO.members[2]);
  memberId = await rt.userId(DEMO.members[2]);
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;
const run = () => runDueJobs(rt.deps, JOB_HANDLERS);

interface Notice {
  id: number;
  title: string;
  personal: boolean;
}
async function inbox(token: string): Promise<Notice[]> {
  const { body } = await rt.get<{ list: Notice[] }>('/api/notice/user/list?size=100', token);
  expect(body.code).toBe(200);
  return body.data.list.filter((n) => n.personal);
}

/** A broadcast created through the admin call, starting `inMs` from the test clock's now. */
async function newLive(inMs: number, lengthMs = 60 * MIN, extra: Record<string, string> = {}) {
  const start = new Date(rt.clock.now().getTime() + inMs);
  const { body } = await rt.post<{ id: number }>(
    '/api/admin/live/create',
    {
      title: `电源设计直播 ${Math.random().toString(36).slice(2, 7)}`,
      description: '开关电源环路补偿实战',
      speaker: '陈工',
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + lengthMs).toISOString(),
      streamUrl: '/media/gen/live-1/index.m3u8',
      ...extra,
    },
    admin,
  );
  expect(body.code, body.message).toBe(200);
  return { id: body.data.id, start };
}

async function reserve(liveId: number, token: string, sms: boolean) {
  return rt.post(
    '/api/live_broadcast/saveReserve',
    {
      liveId: String(liveId),
      name: '张浩然',
      company: '华南理工大学',
      smsConsent: sms ? '1' : '0',
    },
    token,
  );
}

describe('job queue', () => {
  it('a dedupe key makes one job however often it is enqueued, in parallel too', async () => {
    const now = rt.clock.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        enqueue(rt.db, { kind: 'test.noop', runAt: now, dedupeKey: 'dedupe-once' }, now),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await rt.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', 'dedupe-once')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('parallel workers run every due job exactly once', async () => {
    const now = rt.clock.now();
    for (let i = 0; i < 20; i++)
      await enqueue(rt.db, { kind: 'test.count', payload: { i }, runAt: now }, now);
    const seen: number[] = [];
    const handlers = {
      ...JOB_HANDLERS,
      'test.noop': async () => undefined,
      'test.count': async (_d: unknown, p: Record<string, unknown>) => {
        await new Promise((r) => setTimeout(r, 2));
        seen.push(Number(p.i));
      },
    };
    await Promise.all(Array.from({ length: 4 }, () => runDueJobs(rt.deps, handlers)));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const left = await rt.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'test.count')
      .where('status', '!=', 'done')
      .execute();
    expect(left).toEqual([]);
  });

  it('a failing job is retried with back-off, then marked failed with its error', async () => {
    const now = rt.clock.now();
    await enqueue(
      rt.db,
      { kind: 'test.fail', runAt: now, maxAttempts: 2, dedupeKey: 'fails' },
      now,
    );
    const handlers = {
      'test.fail': async () => {
        throw new Error('短信网关超时');
      },
    };
    expect(await runDueJobs(rt.deps, handlers)).toBe(1);
    let job = await rt.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', 'fails')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: '短信网关超时' });
    expect(new Date(job.run_at).getTime() - now.getTime()).toBe(30_000);
    // Not due again before its back-off.
    expect(await runDueJobs(rt.deps, handlers)).toBe(0);
    rt.clock.advance(30_000);
    expect(await runDueJobs(rt.deps, handlers)).toBe(1);
    job = await rt.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', 'fails')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    const { body } = await rt.get<{ list: { status: string; lastError: string }[] }>(
      '/api/admin/jobs?status=failed',
      admin,
    );
    expect(body.data.list[0]).toMatchObject({ status: 'failed', lastError: '短信网关超时' });
    expect((await rt.get('/api/admin/jobs', member)).body.code).toBe(403);
  });
});

describe('live reminders', () => {
  it('a reservation schedules one reminder; it reaches the inbox and the SMS once, at its time', async () => {
    const { id, start } = await newLive(2 * 60 * MIN);
    expect((await reserve(id, member, true)).body).toMatchObject({
      code: 200,
      message: '预约成功',
    });
    // Reserving again (updating the form) makes no second job.
    await reserve(id, member, true);
    const jobs = await rt.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `live-remind:${id}:${memberId}`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at).toBe(new Date(start.getTime() - REMINDER_LEAD_MS).toISOString());

    await run();
    const title = (
      await rt.db
        .selectFrom('live_broadcasts')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).title;
    expect((await inbox(member)).map((n) => n.title)).not.toContain(`直播提醒：${title}`);

    rt.clock.set(new Date(start.getTime() - REMINDER_LEAD_MS + 1000));
    await Promise.all([run(), run(), run()]);
    const reminders = (await inbox(member)).filter((n) => n.title === `直播提醒：${title}`);
    expect(reminders).toHaveLength(1);
    const stored = await rt.db
      .selectFrom('notices')
      .select(['content', 'user_id'])
      .where('id', '=', reminders[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(memberId);
    expect(stored.content).toContain(`您预约的直播《${title}》将于北京时间`);
    const sms = await rt.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('purpose', '=', 'liveReminder')
      .where('mobile', '=', DEMO.members[2])
      .execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      /^【芯学堂】您预约的直播「.+」将于\d{4}-\d\d-\d\d \d\d:\d\d开始，请准时观看。$/,
    );

    // A duplicated job (a second worker's copy) sends nothing more.
    const now = rt.clock.now();
    await enqueue(
      rt.db,
      { kind: 'live.remind', payload: { liveId: id, userId: memberId }, runAt: now },
      now,
    );
    await run();
    expect((await inbox(member)).filter((n) => n.title === `直播提醒：${title}`)).toHaveLength(1);
    expect(
      await rt.db
        .selectFrom('sms_outbox')
        .select('id')
        .where('purpose', '=', 'liveReminder')
        .where('mobile', '=', DEMO.members[2])
        .execute(),
    ).toHaveLength(1);
  });

  it('without SMS consent only the inbox is used', async () => {
    const other = await rt.tokenFor(DEMO.members[1]);
    const { id, start } = await newLive(3 * 60 * MIN);
    await reserve(id, other, false);
    rt.clock.set(new Date(start.getTime() - REMINDER_LEAD_MS));
    const before = await rt.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('mobile', '=', DEMO.members[1])
      .execute();
    await run();
    const title = (
      await rt.db
        .selectFrom('live_broadcasts')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).title;
    expect((await inbox(other)).some((n) => n.title === `直播提醒：${title}`)).toBe(true);
    const after = await rt.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('mobile', '=', DEMO.members[1])
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('moving the broadcast moves the reminder', async () => {
    const { id, start } = await newLive(5 * 60 * MIN);
    await reserve(id, member, false);
    const later = new Date(start.getTime() + 24 * 60 * MIN);
    const moved = await rt.post(
      '/api/admin/live/update',
      {
        id: String(id),
        startAt: later.toISOString(),
        endAt: new Date(later.getTime() + 60 * MIN).toISOString(),
      },
      admin,
    );
    expect(moved.body.code).toBe(200);
    const job = await rt.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `live-remind:${id}:${memberId}`)
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe(new Date(later.getTime() - REMINDER_LEAD_MS).toISOString());
    // At the old reminder time nothing is sent.
    rt.clock.set(new Date(start.getTime() - REMINDER_LEAD_MS));
    await run();
    const title = (
      await rt.db
        .selectFrom('live_broadcasts')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).title;
    expect((await inbox(member)).some((n) => n.title === `直播提醒：${title}`)).toBe(false);
  });

  it('refuses a reservation once the broadcast is on air', async () => {
    const { id, start } = await newLive(10 * MIN);
    rt.clock.set(new Date(start.getTime() + 1000));
    expect((await reserve(id, member, false)).body).toEqual({
      code: 400,
      message: LIVE_MSG.reserveStarted,
      data: null,
    });
  });
});

describe('replays', () => {
  it('after the end the replay plays; without one the member is told it is being made', async () => {
    const withReplay = await newLive(5 * MIN, 10 * MIN, {
      replayUrl: '/media/gen/live-2/index.m3u8',
    });
    const without = await newLive(5 * MIN, 10 * MIN);
    rt.clock.set(new Date(withReplay.start.getTime() + 2 * MIN));
    const live = await rt.get<{ play: { status: string; streamUrl: string } }>(
      `/api/live_broadcast/play/${withReplay.id}`,
      member,
    );
    expect(live.body.data.play).toMatchObject({
      status: 'live',
      streamUrl: '/media/gen/live-1/index.m3u8',
    });
    rt.clock.set(new Date(withReplay.start.getTime() + 11 * MIN));
    const ended = await rt.get<{ play: { status: string; streamUrl: string } }>(
      `/api/live_broadcast/play/${withReplay.id}`,
      member,
    );
    expect(ended.body.data.play).toEqual({
      id: withReplay.id,
      status: 'ended',
      streamUrl: '/media/gen/live-2/index.m3u8',
      embedUrl: null,
      // A staff-entered address outside the sealed store: handed out as it is, nothing to renew.
      expiresAt: null,
    });
    const none = await rt.get(`/api/live_broadcast/play/${without.id}`, member);
    expect(none.body).toEqual({ code: 404, message: LIVE_MSG.replayNotReady, data: null });
  });

  it('the admin call checks the schedule and is for admins only', async () => {
    const t = rt.clock.now().toISOString();
    const bad = await rt.post(
      '/api/admin/live/create',
      { title: '时间错误', description: 'x', speaker: '陈工', startAt: t, endAt: t },
      admin,
    );
    expect(bad.body).toEqual({ code: 400, message: '结束时间必须晚于开始时间', data: null });
    const byMember = await rt.post(
      '/api/admin/live/create',
      { title: 'x', description: 'x', speaker: 'x', startAt: t, endAt: t },
      member,
    );
    expect(byMember.body.code).toBe(403);
  });
});

describe('column subscriptions', () => {
  it('subscribe, state, unsubscribe; visitors are asked to log in', async () => {
    const column = await rt.db
      .selectFrom('classifies')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const classifyId = String(column.id);
    expect((await rt.get(`/api/column/subscription?classifyId=${classifyId}`)).body.code).toBe(401);
    const sub = await rt.post<{ subscribed: number; count: number }>(
      '/api/column/subscribe',
      { classifyId },
      member,
    );
    expect(sub.body).toMatchObject({
      code: 200,
      message: MEMBERS_MSG.subscribe.subscribed,
      data: { subscribed: 1 },
    });
    // Parallel repeats keep one row.
    await Promise.all(
      Array.from({ length: 5 }, () => rt.post('/api/column/subscribe', { classifyId }, member)),
    );
    const rows = await rt.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', memberId)
      .where('classify_id', '=', column.id)
      .execute();
    expect(rows).toHaveLength(1);
    const unsub = await rt.post<{ subscribed: number }>(
      '/api/column/unsubscribe',
      { classifyId },
      member,
    );
    expect(unsub.body).toMatchObject({ code: 200, message: '已取消订阅', data: { subscribed: 0 } });
    const missing = await rt.post('/api/column/subscribe', { classifyId: '999999' }, member);
    expect(missing.body).toEqual({ code: 404, message: '专栏不存在或已下线', data: null });
  });

  it('a lesson added to a course reaches the inbox of the column subscribers only', async () => {
    const course = await rt.db
      .selectFrom('courses')
      .select(['id', 'title', 'classify_id'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const outsider = await rt.tokenFor(DEMO.members[0]);
    const outsiderId = await rt.userId(DEMO.members[0]);
    await rt.db
      .deleteFrom('subscriptions')
      .where('user_id', '=', outsiderId)
      .where('classify_id', '=', course.classify_id)
      .execute();
    await rt.post('/api/column/subscribe', { classifyId: String(course.classify_id) }, member);
    const added = await rt.post<{ id: number }>(
      '/api/admin/lesson/create',
      {
        courseId: String(course.id),
        title: '第9讲：环路补偿的波特图验证',
        videoUrl: '/media/gen/lesson-1-1/index.m3u8',
        durationSeconds: '1260',
      },
      admin,
    );
    expect(added.body.code, added.body.message).toBe(200);
    const title = `专栏更新：《${course.title}》新增课时`;
    await Promise.all([run(), run()]);
    expect((await inbox(member)).filter((n) => n.title === title)).toHaveLength(1);
    expect((await inbox(outsider)).some((n) => n.title === title)).toBe(false);
    const lesson = await rt.db
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(lesson).toMatchObject({ course_id: course.id, duration_seconds: 1260, free_preview: 0 });
    const bad = await rt.post(
      '/api/admin/lesson/create',
      {
        courseId: String(course.id),
        title: '坏地址',
        videoUrl: 'javascript:alert(1)',
        durationSeconds: '60',
      },
      admin,
    );
    expect(bad.body).toEqual({
      code: 400,
      message: '视频地址须为站内路径或 https 地址，且不超过500个字',
      data: null,
    });
  });
});

/**
 * The console's course outline and broadcast calls (issue 12) on SQLite and
 * PostgreSQL: durations typed as editors type them, lessons edited and put
 * in order under the course's lock (parallel adds and reorders), a course's
 * texts read back for editing, the player allowlist enforced on save, and
 * broadcasts deleted only when no member is waiting for them — also while
 * members reserve at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { LIVE_MSG } from '../../../src/server/services/live/index.ts';
import { COURSES_MSG } from '../../../src/server/services/courses/index.ts';

let rt: TestRuntime;
let admin: string;
let courseId: number;

const DURATION = '请输入时长，如 12:30（分:秒）或秒数，最长24小时';

interface Lesson {
  id: number;
  title: string;
  durationSeconds: number;
  sortOrder: number;
  freePreview: boolean;
}

async function lessons(): Promise<Lesson[]> {
  const { body } = await rt.get<{ list: Lesson[] }>(
    `/api/admin/lesson/list?courseId=${courseId}`,
    admin,
  );
  expect(body.code).toBe(200);
  return body.data.list;
}

async function addLesson(title: string, duration: string) {
  return rt.post<{ id: number }>(
    '/api/admin/lesson/create',
    { courseId: String(courseId), title, videoUrl: '', durationSeconds: duration },
    admin,
  );
}

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  const column = await rt.db.selectFrom('classifies').select('id').executeTakeFirstOrThrow();
  const { body } = await rt.post<{ id: number }>(
    '/api/admin/course/create',
    {
      classifyId: String(column.id),
      title: '嵌入式 Linux 驱动入门',
      summary: '从设备树到字符设备',
      description: '第一段：设备树。\n\n第二段：<字符设备> & 中断。',
      teacher: '刘工',
      type: '1',
      priceCents: '0',
    },
    admin,
  );
  expect(body.code, body.message).toBe(200);
  courseId = body.data.id;
});

afterAll(async () => {
  await rt?.close();
});

describe('lessons', () => {
  it('takes durations as 分:秒, 时:分:秒 or seconds, and refuses anything else unchanged', async () => {
    for (const [typed, seconds] of [
      ['12:30', 750],
      ['1:02:03', 3723],
      ['90:00', 5400],
      ['45', 45],
    ] as const) {
      const { body } = await addLesson(`时长 ${typed}`, typed);
      expect(body.code, body.message).toBe(200);
      const row = await rt.db
        .selectFrom('lessons')
        .select('duration_seconds')
        .where('id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.duration_seconds).toBe(seconds);
    }
    const before = (await lessons()).length;
    for (const typed of ['7:5', '12:60', '1:60:00', '0', '25:00:00', '十分钟', ''])
      expect((await addLesson('坏时长', typed)).body).toMatchObject({
        code: 400,
        message: DURATION,
      });
    expect(await lessons()).toHaveLength(before);
    for (const l of await lessons())
      expect(
        (await rt.post('/api/admin/lesson/delete', { id: String(l.id) }, admin)).body.code,
      ).toBe(200);
  });

  it('appends parallel adds one after another, each at its own place', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addLesson(`并行课时 ${i + 1}`, '10:00')),
    );
    for (const r of results) expect(r.body.code, r.body.message).toBe(200);
    expect((await lessons()).map((l) => l.sortOrder)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('edits a lesson: title, duration, free preview', async () => {
    const [first] = await lessons();
    const { body } = await rt.post(
      '/api/admin/lesson/update',
      { id: String(first!.id), title: '设备树基础', durationSeconds: '8:20', freePreview: '1' },
      admin,
    );
    expect(body.code, body.message).toBe(200);
    expect((await lessons())[0]).toMatchObject({
      id: first!.id,
      title: '设备树基础',
      durationSeconds: 500,
      freePreview: true,
    });
    const page = await rt.get<{ detail: { lessons: { title: string }[] } }>(
      `/api/course/detail/${courseId}`,
    );
    expect(page.body.data.detail.lessons[0]!.title).toBe('设备树基础');
  });

  it('puts the outline in a new order, and refuses an order made from an older outline', async () => {
    const ids = (await lessons()).map((l) => l.id);
    const reversed = [...ids].reverse();
    const { body } = await rt.post(
      '/api/admin/lesson/reorder',
      { courseId: String(courseId), ids: reversed.join(',') },
      admin,
    );
    expect(body).toMatchObject({ code: 200, message: '课时顺序已保存' });
    expect((await lessons()).map((l) => [l.id, l.sortOrder])).toEqual(
      reversed.map((id, i) => [id, i + 1]),
    );
    const page = await rt.get<{ detail: { lessons: { id: number }[] } }>(
      `/api/course/detail/${courseId}`,
    );
    expect(page.body.data.detail.lessons.map((l) => l.id)).toEqual(reversed);

    for (const stale of [
      reversed.slice(1),
      [...reversed, reversed[0]!],
      [...reversed.slice(1), 999_999],
    ])
      expect(
        (
          await rt.post(
            '/api/admin/lesson/reorder',
            { courseId: String(courseId), ids: stale.join(',') },
            admin,
          )
        ).body,
      ).toMatchObject({ code: 409, message: COURSES_MSG.lesson.orderStale });
    expect((await lessons()).map((l) => l.id)).toEqual(reversed);
  });

  it('parallel reorders leave exactly one of the submitted orders, numbered 1…n', async () => {
    const ids = (await lessons()).map((l) => l.id);
    const orders = Array.from({ length: 6 }, (_, k) => [...ids.slice(k), ...ids.slice(0, k)]);
    const results = await Promise.all(
      orders.map((o) =>
        rt.post(
          '/api/admin/lesson/reorder',
          { courseId: String(courseId), ids: o.join(',') },
          admin,
        ),
      ),
    );
    for (const r of results) expect(r.body.code, r.body.message).toBe(200);
    const after = await lessons();
    expect(after.map((l) => l.sortOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(orders).toContainEqual(after.map((l) => l.id));
  });

  it('reorders and adds in parallel without two lessons at one place', async () => {
    const ids = (await lessons()).map((l) => l.id);
    const results = await Promise.all([
      addLesson('并行新增 A', '5:00'),
      rt.post(
        '/api/admin/lesson/reorder',
        { courseId: String(courseId), ids: ids.join(',') },
        admin,
      ),
      addLesson('并行新增 B', '5:00'),
    ]);
    expect(results[0].body.code).toBe(200);
    expect(results[2].body.code).toBe(200);
    // The reorder either ran first (200) or saw the new lessons and refused its older list.
    expect([200, 409]).toContain(results[1].body.code);
    const orders = (await lessons()).map((l) => l.sortOrder);
    expect(new Set(orders).size).toBe(orders.length);
    expect(orders).toHaveLength(8);
  });
});

describe('course texts for editing', () => {
  it('gives back the description as typed, and saves an edited one', async () => {
    const detail = await rt.get<{ summary: string; description: string }>(
      `/api/admin/course/detail?id=${courseId}`,
      admin,
    );
    expect(detail.body.data).toMatchObject({
      summary: '从设备树到字符设备',
      description: '第一段：设备树。\n\n第二段：<字符设备> & 中断。',
    });
    const { body } = await rt.post(
      '/api/admin/course/update',
      { id: String(courseId), description: '新的介绍。\n\n第二段 <b>不是标签</b>。' },
      admin,
    );
    expect(body.code, body.message).toBe(200);
    const page = await rt.get<{ detail: { description: string } }>(
      `/api/course/detail/${courseId}`,
    );
    expect(page.body.data.detail.description).toBe(
      '<p>新的介绍。</p><p>第二段 &lt;b&gt;不是标签&lt;/b&gt;。</p>',
    );
    const again = await rt.get<{ description: string }>(
      `/api/admin/course/detail?id=${courseId}`,
      admin,
    );
    expect(again.body.data.description).toBe('新的介绍。\n\n第二段 <b>不是标签</b>。');
    const member = await rt.tokenFor(DEMO.members[0]);
    expect((await rt.get(`/api/admin/course/detail?id=${courseId}`, member)).body.code).toBe(403);
  });
});

describe('broadcasts', () => {
  const HOUR = 3_600_000;
  async function newLive(htmlUrl = '', startInMs = 2 * HOUR) {
    const start = new Date(rt.clock.now().getTime() + startInMs);
    return rt.post<{ id: number }>(
      '/api/admin/live/create',
      {
        title: '射频前端设计直播',
        description: '低噪放与滤波器。',
        speaker: '陈博士',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + HOUR).toISOString(),
        htmlUrl,
      },
      admin,
    );
  }
  const reserve = (liveId: number, token: string) =>
    rt.post(
      '/api/live_broadcast/saveReserve',
      { liveId: String(liveId), name: '张浩然', company: '华南理工大学' },
      token,
    );
  const liveCount = async () =>
    Number(
      (
        await rt.db
          .selectFrom('live_broadcasts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps only an allowlisted https player, as its address', async () => {
    const n = await liveCount();
    for (const bad of [
      'https://evil.example.com/player',
      'http://player.polyv.net/live/1',
      '<iframe src="https://player.polyv.net/live/1" onload="alert(1)"></iframe>',
      'javascript:alert(1)',
    ])
      expect((await newLive(bad)).body).toMatchObject({
        code: 400,
        message: LIVE_MSG.manage.playerNotAllowed,
      });
    expect(await liveCount()).toBe(n);

    const ok = await newLive(
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1&amp;page=1" allowfullscreen></iframe>',
    );
    expect(ok.body.code, ok.body.message).toBe(200);
    const row = await rt.db
      .selectFrom('live_broadcasts')
      .select('html_url')
      .where('id', '=', ok.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.html_url).toBe('https://player.bilibili.com/player.html?bvid=BV1&page=1');

    const edit = await rt.post(
      '/api/admin/live/update',
      { id: String(ok.body.data.id), htmlUrl: 'https://evil.example.com/x' },
      admin,
    );
    expect(edit.body).toMatchObject({ code: 400, message: LIVE_MSG.manage.playerNotAllowed });
    const cleared = await rt.post(
      '/api/admin/live/update',
      { id: String(ok.body.data.id), htmlUrl: '' },
      admin,
    );
    expect(cleared.body.code).toBe(200);
    const after = await rt.db
      .selectFrom('live_broadcasts')
      .select('html_url')
      .where('id', '=', ok.body.data.id)
      .executeTakeFirstOrThrow();
    expect(after.html_url).toBeNull();
  });

  it('refuses a broadcast on air with nothing to watch, and changes nothing', async () => {
    const n = await liveCount();
    // On air (began ten minutes ago), no stream and no player: refused.
    const bare = await newLive('', -HOUR / 6);
    expect(bare.body).toEqual({ code: 400, message: LIVE_MSG.manage.noStreamOnAir, data: null });
    expect(LIVE_MSG.manage.noStreamOnAir).toMatch(/直播流地址/);
    // A stream address that is not HLS is nothing a member could watch either.
    const start = new Date(rt.clock.now().getTime() - HOUR / 6);
    const notHls = await rt.post(
      '/api/admin/live/create',
      {
        title: '射频前端设计直播',
        description: '低噪放与滤波器。',
        speaker: '陈博士',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + HOUR).toISOString(),
        streamUrl: 'https://example.com/live.flv',
      },
      admin,
    );
    expect(notHls.body).toMatchObject({ code: 400, message: LIVE_MSG.manage.noStreamOnAir });
    expect(await liveCount()).toBe(n);

    // With an allowlisted player it is saved; clearing the player while on air is refused.
    const withPlayer = await newLive('https://player.polyv.net/live/watch/1', -HOUR / 6);
    expect(withPlayer.body.code, withPlayer.body.message).toBe(200);
    const id = withPlayer.body.data.id;
    const clear = await rt.post('/api/admin/live/update', { id: String(id), htmlUrl: '' }, admin);
    expect(clear.body).toMatchObject({ code: 400, message: LIVE_MSG.manage.noStreamOnAir });
    const kept = await rt.db
      .selectFrom('live_broadcasts')
      .select('html_url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.html_url).toBe('https://player.polyv.net/live/watch/1');

    // One still to come may be saved without a stream, but not moved on air without one.
    const later = await newLive();
    expect(later.body.code).toBe(200);
    const now = rt.clock.now().getTime();
    const moved = await rt.post(
      '/api/admin/live/update',
      {
        id: String(later.body.data.id),
        startAt: new Date(now - HOUR / 6).toISOString(),
        endAt: new Date(now + HOUR).toISOString(),
      },
      admin,
    );
    expect(moved.body).toMatchObject({ code: 400, message: LIVE_MSG.manage.noStreamOnAir });
    const row = await rt.db
      .selectFrom('live_broadcasts')
      .select('start_at')
      .where('id', '=', later.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.start_at)).toBeGreaterThan(now);
    for (const liveId of [id, later.body.data.id])
      await rt.post('/api/admin/live/delete', { id: String(liveId) }, admin);
  });

  it('refuses to delete a reserved broadcast before its end, deletes it afterwards', async () => {
    const { body } = await newLive();
    const id = body.data.id;
    const member = await rt.tokenFor(DEMO.members[0]);
    expect((await reserve(id, member)).body.code).toBe(200);
    expect((await rt.post('/api/admin/live/delete', { id: String(id) }, admin)).body).toMatchObject(
      {
        code: 409,
        message: LIVE_MSG.manage.reservedNotEnded,
      },
    );
    expect((await rt.get(`/api/live_broadcast/detail/${id}`)).body.code).toBe(200);

    // Moved into the past (ended): now it may go, its reservations with it.
    const past = rt.clock.now().getTime() - 3 * HOUR;
    expect(
      (
        await rt.post(
          '/api/admin/live/update',
          {
            id: String(id),
            startAt: new Date(past).toISOString(),
            endAt: new Date(past + HOUR).toISOString(),
          },
          admin,
        )
      ).body.code,
    ).toBe(200);
    expect((await rt.post('/api/admin/live/delete', { id: String(id) }, admin)).body.code).toBe(
      200,
    );
    expect((await rt.get(`/api/live_broadcast/detail/${id}`)).body.code).toBe(404);
    const left = await rt.db
      .selectFrom('live_reservations')
      .select('id')
      .where('live_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    const audit = await rt.get<{ list: { action: string; before: { title: string } | null }[] }>(
      `/api/admin/audit?targetType=live&targetId=${id}`,
      admin,
    );
    expect(audit.body.data.list[0]).toMatchObject({
      action: '/api/admin/live/delete',
      before: expect.objectContaining({ title: '射频前端设计直播' }),
      after: null,
    });
  });

  it('deletes an unreserved upcoming broadcast', async () => {
    const { body } = await newLive();
    expect(
      (await rt.post('/api/admin/live/delete', { id: String(body.data.id) }, admin)).body.code,
    ).toBe(200);
    expect(
      (await rt.post('/api/admin/live/delete', { id: String(body.data.id) }, admin)).body,
    ).toMatchObject({
      code: 404,
      message: '直播不存在',
    });
  });

  it('a delete racing reservations: either it is refused and every reservation kept, or none is', async () => {
    const tokens = await Promise.all(DEMO.members.map((m) => rt.tokenFor(m)));
    for (let round = 0; round < 4; round++) {
      const { body } = await newLive();
      const id = body.data.id;
      const calls = tokens.map((t) => reserve(id, t));
      calls.splice(
        round % (tokens.length + 1),
        0,
        rt.post('/api/admin/live/delete', { id: String(id) }, admin),
      );
      const results = await Promise.all(calls);
      const del = results[round % (tokens.length + 1)]!.body;
      const reservations = results
        .filter((_, i) => i !== round % (tokens.length + 1))
        .map((r) => r.body);
      const kept = await rt.db
        .selectFrom('live_reservations')
        .select('id')
        .where('live_id', '=', id)
        .execute();
      if (del.code === 200) {
        for (const r of reservations)
          expect(r).toMatchObject({ code: 404, message: LIVE_MSG.liveNotFound });
        expect(kept).toEqual([]);
      } else {
        expect(del).toMatchObject({ code: 409, message: LIVE_MSG.manage.reservedNotEnded });
        const ok = reservations.filter((r) => r.code === 200);
        expect(ok.length).toBeGreaterThan(0);
        // A reservation after a refused delete is simply kept.
        expect(kept).toHaveLength(ok.length);
        for (const r of reservations) expect([200]).toContain(r.code);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MSG } from '../../../src/server/services/live/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

interface Live {
  id: number;
  title: string;
  startAt: string;
  endAt: string;
  status: 'upcoming' | 'live' | 'ended';
  recommended: boolean;
  requiresLogin: true;
}
interface LiveDetail extends Live {
  description: string;
  companyName: string | null;
  reserveForm: { name: string; label: string; required: boolean }[];
}
type Paged<T> = { list: T[]; count: number; page: number; size: number };

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** Player fields must never appear in a public answer, in any spelling. */
function expectNoPlayer(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stream_?url|html_?url|m3u8|iframe|polyv/i);
}

describe('POST and GET /api/index/liveBroadCast/list', () => {
  it('derives the seeded 2 ended, 2 live, 2 upcoming from the clock', async () => {
    const { body } = await rt.post<Paged<Live>>('/api/index/liveBroadCast/list', {
      page: '1',
      size: '20',
    });
    expect(body.code).toBe(200);
    expect(body.data.count).toBe(6);
    const now = rt.clock.now().getTime();
    const tally = { upcoming: 0, live: 0, ended: 0 };
    for (const l of body.data.list) {
      tally[l.status] += 1;
      const expected =
        now < Date.parse(l.startAt) ? 'upcoming' : now < Date.parse(l.endAt) ? 'live' : 'ended';
      expect(l.status).toBe(expected);
      expect(l.requiresLogin).toBe(true);
    }
    expect(tally).toEqual({ upcoming: 2, live: 2, ended: 2 });
    expectNoPlayer(body);
  });

  it.each([
    ['upcoming', 'asc'],
    ['live', 'asc'],
    ['ended', 'desc'],
  ] as const)(
    'filters by status %s, ordered by start time %s, by POST form and by GET',
    async (status, dir) => {
      const viaPost = await rt.post<Paged<Live>>('/api/index/liveBroadCast/list', { status });
      const viaGet = await rt.get<Paged<Live>>(`/api/index/liveBroadCast/list?status=${status}`);
      expect(viaPost.body.data).toEqual(viaGet.body.data);
      expect(viaGet.body.data.count).toBe(2);
      expect(viaGet.body.data.list.map((l) => l.status)).toEqual([status, status]);
      const starts = viaGet.body.data.list.map((l) => l.startAt);
      expect(starts).toEqual(
        [...starts].sort((a, b) => (dir === 'asc' ? a.localeCompare(b) : b.localeCompare(a))),
      );
    },
  );

  it('moves broadcasts along as time passes', async () => {
    const before = await rt.get<Paged<Live>>('/api/index/liveBroadCast/list?status=live');
    rt.clock.advance(3 * 60 * 60 * 1000);
    try {
      const after = await rt.get<Paged<Live>>('/api/index/liveBroadCast/list?status=ended');
      expect(after.body.data.count).toBe(4);
      for (const l of before.body.data.list)
        expect(after.body.data.list.map((x) => x.id)).toContain(l.id);
    } finally {
      rt.clock.advance(-3 * 60 * 60 * 1000);
    }
  });

  it('paginates and rejects an unknown status', async () => {
    const p2 = await rt.get<Paged<Live>>('/api/index/liveBroadCast/list?page=2&size=4');
    expect(p2.body.data).toMatchObject({ count: 6, page: 2, size: 4 });
    expect(p2.body.data.list).toHaveLength(2);
    expect((await rt.post('/api/index/liveBroadCast/list', { status: 'soon' })).body).toMatchObject(
      { code: 400, message: '请求参数有误' },
    );
  });
});

describe('GET /api/live_broadcast/recommed', () => {
  it('keeps the first 4, the editors’ picks', async () => {
    const { body } = await rt.get<{ liveRecommedList: Live[] }>('/api/live_broadcast/recommed');
    expect(body.code).toBe(200);
    const picks = await rt.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('recommended', '=', 1)
      .execute();
    expect(body.data.liveRecommedList).toHaveLength(4);
    expect(body.data.liveRecommedList.map((l) => l.id).sort((a, b) => a - b)).toEqual(
      picks.map((p) => p.id).sort((a, b) => a - b),
    );
    expectNoPlayer(body);
  });
});

describe('GET /api/live_broadcast/detail/{id}', () => {
  it('answers the public detail with its reservation form and no player', async () => {
    const row = await rt.db
      .selectFrom('live_broadcasts')
      .select(['id', 'title', 'html_url', 'stream_url'])
      .where('html_url', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(row.stream_url).toBeTruthy();
    const { body } = await rt.get<{ detail: LiveDetail }>(`/api/live_broadcast/detail/${row.id}`);
    expect(body.code).toBe(200);
    expect(body.data.detail).toMatchObject({
      id: row.id,
      title: row.title,
      status: 'live',
      requiresLogin: true,
      companyName: expect.any(String),
    });
    expect(body.data.detail.reserveForm.map((f) => f.label)).toEqual([
      '姓名',
      '公司',
      '职位',
      '邮箱',
    ]);
    expect(body.data.detail.reserveForm[0]).toMatchObject({ name: 'name', required: true });
    expectNoPlayer(body);
  });

  it('names the host while they are staff; none without one', async () => {
    const hosted = await rt.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('host_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const detail = async (id: number) =>
      (await rt.get<{ detail: { hostName: string | null } }>(`/api/live_broadcast/detail/${id}`))
        .body.data.detail.hostName;
    // The demo's ended seminars are hosted by the demo moderator.
    expect(await detail(hosted.id)).toBe('周明轩');
    const unhosted = await rt.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('host_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await detail(unhosted.id)).toBeNull();
    // A host who is no longer staff is no host.
    const moderator = await rt.userId('13800138005');
    await rt.db.updateTable('users').set({ role: 'member' }).where('id', '=', moderator).execute();
    expect(await detail(hosted.id)).toBeNull();
    await rt.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('id', '=', moderator)
      .execute();
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await rt.get('/api/live_broadcast/detail/99999')).body).toEqual({
      code: 404,
      message: '内容不存在或已下线',
      data: null,
    });
    expect((await rt.get('/api/live_broadcast/detail/1.5')).body.code).toBe(400);
  });
});

describe('a broadcast whose time has come with nothing to watch (issue 24)', () => {
  it('stays 即将开始 everywhere until the console gives it a stream, then goes 直播中', async () => {
    const HOUR = 60 * 60 * 1000;
    const admin = await rt.tokenFor(DEMO.admin);
    const member = await rt.tokenFor(DEMO.members[2]);
    const start = new Date(rt.clock.now().getTime() + HOUR);
    const created = await rt.post<{ id: number }>(
      '/api/admin/live/create',
      {
        title: '开关电源环路补偿直播',
        description: '从波特图看相位裕度。',
        speaker: '刘工',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 2 * HOUR).toISOString(),
      },
      admin,
    );
    expect(created.body.code, created.body.message).toBe(200);
    const id = created.body.data.id;
    // Its start passes with no stream and no player.
    rt.clock.advance(HOUR + 60_000);
    try {
      const detail = await rt.get<{ detail: Live }>(`/api/live_broadcast/detail/${id}`);
      expect(detail.body.data.detail.status).toBe('upcoming');
      const onAir = await rt.get<Paged<Live>>('/api/index/liveBroadCast/list?status=live&size=50');
      expect(onAir.body.data.list.map((l) => l.id)).not.toContain(id);
      const soon = await rt.get<Paged<Live>>(
        '/api/index/liveBroadCast/list?status=upcoming&size=50',
      );
      expect(soon.body.data.list.find((l) => l.id === id)?.status).toBe('upcoming');
      // The member is told it has not started, not handed an empty player.
      const play = await rt.get(`/api/live_broadcast/play/${id}`, member);
      expect(play.body).toEqual({ code: 403, message: LIVE_MSG.liveNotStarted, data: null });

      // The console adds the stream: now it is on air, and plays.
      const stream = await rt.db
        .selectFrom('live_broadcasts')
        .select('stream_url')
        .where('stream_url', 'like', '%.m3u8')
        .executeTakeFirstOrThrow();
      const edit = await rt.post(
        '/api/admin/live/update',
        { id: String(id), streamUrl: stream.stream_url ?? '' },
        admin,
      );
      expect(edit.body.code, edit.body.message).toBe(200);
      const live = await rt.get<{ detail: Live }>(`/api/live_broadcast/detail/${id}`);
      expect(live.body.data.detail.status).toBe('live');
      const nowOn = await rt.get<Paged<Live>>('/api/index/liveBroadCast/list?status=live&size=50');
      expect(nowOn.body.data.list.map((l) => l.id)).toContain(id);
      expect((await rt.get(`/api/live_broadcast/play/${id}`, member)).body.code).toBe(200);
    } finally {
      rt.clock.advance(-(HOUR + 60_000));
      await rt.post('/api/admin/live/delete', { id: String(id) }, admin);
    }
  });
});

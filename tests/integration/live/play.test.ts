import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages.ts';
import { listReservations } from '../../../src/server/services/live/index.ts';
import { DEV_EXAM_SECRET } from '../../../src/server/services/learning/index.ts';
import { HOSTILE, POLYV } from '../../unit/live-embed-corpus.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { demoMediaUrl, liveKey } from '../../../src/server/db/seed/content/media-manifest.ts';

interface Play {
  play: { id: number; status: string; streamUrl: string | null; embedUrl: string | null };
}

let rt: TestRuntime;
let token: string;
/** Seeded in order: ended, ended, live (polyv embed, exam on), live, upcoming (exam on), upcoming. */
let ids: number[];

beforeAll(async () => {
  rt = await createTestRuntime();
  token = await rt.tokenFor(DEMO.members[2]);
  const rows = await rt.db.selectFrom('live_broadcasts').select('id').orderBy('id').execute();
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await rt.close();
});

describe('GET /api/live_broadcast/play/{id}: the stream is for members only', () => {
  it('refuses a visitor with no stream in the answer', async () => {
    const { body } = await rt.get(`/api/live_broadcast/play/${ids[3]}`);
    expect(body).toEqual({ code: 401, message: MSG.notLoggedIn, data: null });
  });

  it('gives a member the HLS stream of a live broadcast', async () => {
    const { body } = await rt.get<Play>(`/api/live_broadcast/play/${ids[3]}`, token);
    expect(body.code).toBe(200);
    // The seeded recording is sealed: the member gets a grant for it, valid ten minutes.
    const item = demoMediaUrl(liveKey(3)).split('/')[3];
    expect(body.data.play).toEqual({
      id: ids[3],
      status: 'live',
      streamUrl: expect.stringMatching(
        new RegExp(`^/media/s/[0-9a-z]+\\.[0-9a-z]+\\.[\\w-]{22}/${item}/index\\.m3u8$`),
      ),
      embedUrl: null,
      expiresAt: new Date(rt.clock.now().getTime() + 600_000).toISOString(),
    });
  });

  it('plays the seeded broadcast on air with a third-party player from its own stream', async () => {
    const { body } = await rt.get<Play>(`/api/live_broadcast/play/${ids[2]}`, token);
    expect(body.data.play.status).toBe('live');
    expect(body.data.play.streamUrl).toMatch(/^\/media\/s\/.+\/index\.m3u8$/);
    expect(body.data.play.embedUrl).toBeNull();
  });

  it('extracts the allowlisted player URL from the iframe tag of a broadcast without a stream', async () => {
    const before = await rt.db
      .selectFrom('live_broadcasts')
      .select('stream_url')
      .where('id', '=', ids[2]!)
      .executeTakeFirstOrThrow();
    await rt.db
      .updateTable('live_broadcasts')
      .set({ stream_url: null })
      .where('id', '=', ids[2]!)
      .execute();
    const { body } = await rt.get<Play>(`/api/live_broadcast/play/${ids[2]}`, token);
    expect(body.data.play.embedUrl).toBe(POLYV);
    expect(body.data.play.streamUrl).toBeNull();
    await rt.db
      .updateTable('live_broadcasts')
      .set({ stream_url: before.stream_url })
      .where('id', '=', ids[2]!)
      .execute();
  });

  it('hands out nothing before the start', async () => {
    const { body } = await rt.get(`/api/live_broadcast/play/${ids[4]}`, token);
    expect(body).toEqual({ code: 403, message: '直播尚未开始，请在开播后观看', data: null });
  });

  it('never passes a hostile htmlUrl on', async () => {
    for (const [name, value] of HOSTILE) {
      await rt.db
        .updateTable('live_broadcasts')
        .set({ html_url: value, stream_url: null })
        .where('id', '=', ids[2]!)
        .execute();
      const { body } = await rt.get<Play>(`/api/live_broadcast/play/${ids[2]}`, token);
      // Without a stream of its own, a hostile player leaves nothing to play; with no player
      // at all the broadcast has not begun for its viewers (即将开始, issue 24).
      expect(body, name).toEqual(
        value === ''
          ? { code: 403, message: '直播尚未开始，请在开播后观看', data: null }
          : { code: 404, message: '本场直播暂无可播放的视频', data: null },
      );
      expect(JSON.stringify(body), name).not.toMatch(/script|srcdoc|onload|onerror|evil|data:/i);
    }
    await rt.db
      .updateTable('live_broadcasts')
      .set({ html_url: null, stream_url: demoMediaUrl(liveKey(2)) })
      .where('id', '=', ids[2]!)
      .execute();
  });
});

describe('reservations', () => {
  it('serves the form as reserveFrom', async () => {
    const { body } = await rt.get<{ reserveFrom: { name: string; required: boolean }[] }>(
      `/api/live_broadcast/fromInfo/${ids[4]}`,
    );
    expect(body.data.reserveFrom.map((f) => [f.name, f.required])).toEqual([
      ['name', true],
      ['company', true],
      ['job', false],
      ['email', false],
    ]);
  });

  it.each([
    [{ name: '', company: '芯片公司' }, '请填写姓名'],
    [{ name: '王工', company: '   ' }, '请填写公司'],
    [{ name: '王'.repeat(101), company: 'A' }, '姓名不能超过100个字'],
    [{ name: '王工', company: 'A', email: 'not-an-email' }, '请输入正确的邮箱'],
  ])('refuses %j with its message and stores nothing', async (form, message) => {
    const { body } = await rt.post(
      '/api/live_broadcast/saveReserve',
      { liveId: String(ids[5]), ...form },
      token,
    );
    expect(body).toEqual({ code: 400, message, data: null });
    const rows = await rt.db
      .selectFrom('live_reservations')
      .selectAll()
      .where('live_id', '=', ids[5]!)
      .where('user_id', '=', await rt.userId(DEMO.members[2]))
      .execute();
    expect(rows).toEqual([]);
  });

  it('needs a login', async () => {
    const { body } = await rt.post('/api/live_broadcast/saveReserve', {
      liveId: String(ids[5]),
      name: '王工',
      company: 'A',
    });
    expect(body.code).toBe(401);
  });

  it('refuses a broadcast already on air: there is nothing to reserve', async () => {
    const { body } = await rt.post(
      '/api/live_broadcast/saveReserve',
      { liveId: String(ids[2]), name: '王工', company: 'A' },
      token,
    );
    expect(body).toEqual({
      code: 400,
      message: '直播已开始，无需预约，登录后即可进入观看',
      data: null,
    });
  });

  it('refuses an ended broadcast', async () => {
    const { body } = await rt.post(
      '/api/live_broadcast/saveReserve',
      { liveId: String(ids[0]), name: '王工', company: 'A' },
      token,
    );
    expect(body).toEqual({ code: 400, message: '直播已结束，无法预约', data: null });
  });

  it("records the reservation, which shows in the member's subscriptions", async () => {
    const form = {
      liveId: String(ids[5]),
      name: '王工',
      company: '芯片公司',
      email: 'w@example.com',
      extra: 'dropped',
    };
    const { body } = await rt.post('/api/live_broadcast/saveReserve', form, token);
    expect(body.code).toBe(200);
    expect(body.message).toBe('预约成功');
    const again = await rt.post(
      '/api/live_broadcast/saveReserve',
      { ...form, company: '新公司' },
      token,
    );
    expect(again.body.code).toBe(200);
    const rows = await rt.db
      .selectFrom('live_reservations')
      .select(['fields'])
      .where('live_id', '=', ids[5]!)
      .where('user_id', '=', await rt.userId(DEMO.members[2]))
      .execute();
    expect(rows.map((r) => JSON.parse(r.fields))).toEqual([
      { name: '王工', company: '新公司', email: 'w@example.com' },
    ]);
    const mine = await listReservations(rt.deps, await rt.userId(DEMO.members[2]));
    expect(mine.map((r) => r.liveId)).toContain(ids[5]);
  });
});

describe('GET /api/examstar/info', () => {
  it('answers 该资源未开启课后练习 when practice is off', async () => {
    const { body } = await rt.get(`/api/examstar/info?type=live&id=${ids[3]}`, token);
    expect(body).toEqual({ code: 400, message: MSG.examNotEnabled, data: null });
  });

  it('needs a login', async () => {
    const { body } = await rt.get(`/api/examstar/info?type=live&id=${ids[2]}`);
    expect(body.code).toBe(401);
  });

  it('signs the URL so the exam service can verify it', async () => {
    const { body } = await rt.get<{ url: string }>(
      `/api/examstar/info?type=live&id=${ids[2]}`,
      token,
    );
    expect(body.code).toBe(200);
    const url = new URL(body.data.url);
    // The fake exam service: recompute the HMAC over the sorted parameters, independently.
    const q = Object.fromEntries(url.searchParams);
    const { sign, ...rest } = q;
    const base = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${encodeURIComponent(rest[k]!)}`)
      .join('&');
    expect(sign).toBe(createHmac('sha256', DEV_EXAM_SECRET).update(base).digest('hex'));
    expect(rest).toMatchObject({
      uid: String(await rt.userId(DEMO.members[2])),
      rtype: 'live',
      rid: String(ids[2]),
    });
    expect(Number(rest.ts)).toBe(Math.floor(rt.clock.now().getTime() / 1000));
    // The development exam service accepts it, and refuses a tampered one.
    const path = `${url.pathname}${url.search}`;
    expect((await rt.app.request(path)).status).toBe(200);
    expect((await rt.app.request(path.replace(/rid=\d+/, 'rid=999'))).status).toBe(403);
  });

  it('works for a course with practice on', async () => {
    const course = await rt.db
      .selectFrom('courses')
      .select('id')
      .where('exam_enabled', '=', 1)
      .where('published', '=', 1)
      .executeTakeFirstOrThrow();
    const { body } = await rt.get<{ url: string }>(`/api/examstar/info?id=${course.id}`, token);
    expect(body.code).toBe(200);
    expect(new URL(body.data.url).searchParams.get('rtype')).toBe('course');
  });
});

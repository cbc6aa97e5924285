/**
 * Live chat and Q&A (issue 26) on the real API and database: messages only while on air, the
 * content rules, the flood limit and votes decided atomically under parallel requests, the
 * review word list holding a message, a ban's refusal naming its end, the host's answer and pin,
 * and the event stream resuming after a Last-Event-ID with exactly the missed events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatItem,
  ChatMessage,
  ChatRoomView,
} from '../../../src/server/services/live/index.ts';
import { deliverChatEvent, recordChatEvent } from '../../../src/server/services/live/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
/** Seeded in order: ended, ended, live (polyv embed), live, upcoming, upcoming. */
let ids: number[];
let members: string[];
let moderator: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  const rows = await rt.db.selectFrom('live_broadcasts').select('id').orderBy('id').execute();
  ids = rows.map((r) => r.id);
  members = await Promise.all(DEMO.members.map((m) => rt.tokenFor(m)));
  moderator = await rt.tokenFor('13800138005');
});
afterAll(async () => {
  await rt.close();
});

const send = (token: string, liveId: number, content: unknown, kind = 'message') =>
  rt.postJson<{ message: ChatItem; notice: string | null }>(
    `/api/live/chat/${liveId}/send`,
    { content, kind },
    token,
  );
const room = async (liveId: number, token?: string) =>
  (await rt.get<{ chat: ChatRoomView }>(`/api/live/chat/${liveId}`, token)).body.data.chat;
const stored = async (liveId: number) =>
  rt.db
    .selectFrom('live_chat_messages')
    .select(['content', 'status'])
    .where('live_id', '=', liveId)
    .orderBy('id')
    .execute();

/** An open event stream: `take(n)` waits for the next n events as they arrive. */
async function stream(liveId: number, from: { after?: number; lastEventId?: number }) {
  const ac = new AbortController();
  const res = await rt.app.request(
    `/api/live/chat/${liveId}/events${from.after !== undefined ? `?after=${from.after}` : ''}`,
    {
      headers: from.lastEventId !== undefined ? { 'last-event-id': String(from.lastEventId) } : {},
      signal: ac.signal,
    },
  );
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const events: { id: number; message: ChatMessage }[] = [];
  return {
    async take(n: number) {
      while (events.length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buf += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) events.push({ id: Number(id), message: JSON.parse(data) as ChatMessage });
        }
      }
      return events.splice(0, n);
    },
    async close() {
      ac.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

describe('sending', () => {
  it('refuses a visitor, and a broadcast not on air, with nothing stored', async () => {
    expect((await send('', ids[3]!, '你好')).body.code).toBe(401);
    // The ended broadcast keeps the demo audience's lines (its replay); nothing joins them.
    const before = await stored(ids[0]!);
    expect(before.length).toBeGreaterThan(0);
    const ended = await send(members[0]!, ids[0]!, '你好');
    expect(ended.body).toMatchObject({ code: 403, message: '直播进行中才能发言' });
    const upcoming = await send(members[0]!, ids[4]!, '你好');
    expect(upcoming.body).toMatchObject({ code: 403, message: '直播进行中才能发言' });
    expect(await stored(ids[0]!)).toEqual(before);
    expect(await stored(ids[4]!)).toEqual([]);
  });

  it('refuses an empty, over-long or control-character message with its reason', async () => {
    const liveId = ids[2]!;
    const cases: [unknown, string][] = [
      ['   ', '请输入消息内容'],
      ['', '请输入消息内容'],
      ['芯'.repeat(201), '消息不能超过200个字'],
      ['第一行\n第二行', '消息不能包含换行、制表符等控制字符'],
      ['响铃\u0007', '消息不能包含换行、制表符等控制字符'],
    ];
    for (const [content, message] of cases) {
      const res = await send(members[1]!, liveId, content);
      expect(res.body).toMatchObject({ code: 400, message });
    }
    expect(await stored(liveId)).toEqual([]);
    const ok = await send(members[1]!, liveId, '芯'.repeat(200));
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.message).toMatchObject({ kind: 'message', status: 'visible', mine: true });
    // Sent one hour after the seeded start (media time in seconds).
    const live = await rt.db
      .selectFrom('live_broadcasts')
      .select('start_at')
      .where('id', '=', liveId)
      .executeTakeFirstOrThrow();
    expect(ok.body.data.message.mediaSeconds).toBe(
      Math.floor((rt.clock.now().getTime() - Date.parse(live.start_at)) / 1000),
    );
  });

  it('lets 5 of 8 parallel messages of one member through, then one more after 10 s', async () => {
    const liveId = ids[3]!;
    const before = (await stored(liveId)).length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(members[2]!, liveId, `并发消息${i}`)),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (const a of answers.filter((x) => x.body.code === 429))
      expect(a.body.message).toMatch(/^发言太频繁，请\d+秒后再试$/);
    expect(await stored(liveId)).toHaveLength(before + 5);
    rt.clock.advance(10_000);
    expect((await send(members[2]!, liveId, '过了十秒')).body.code).toBe(200);
  });

  it('holds a message with a review word: only its author sees it, and no event', async () => {
    const liveId = ids[3]!;
    const seqBefore = (await room(liveId)).lastEventId;
    const res = await send(members[0]!, liveId, '加微信领取资料');
    expect(res.body.code).toBe(200);
    expect(res.body.data.notice).toBe('消息含有需审核的内容，审核通过后其他观众才能看到');
    expect(res.body.data.message.status).toBe('held');
    const mine = await room(liveId, members[0]);
    expect(mine.messages.find((m) => m.content === '加微信领取资料')?.status).toBe('held');
    for (const other of [await room(liveId), await room(liveId, members[1])])
      expect(other.messages.map((m) => m.content)).not.toContain('加微信领取资料');
    expect((await room(liveId)).lastEventId).toBe(seqBefore);
  });

  it("refuses a banned member's message naming the ban's end", async () => {
    const userId = await rt.userId(DEMO.members[1]);
    await rt.post('/api/admin/member/ban', { userId: String(userId), days: '3' }, moderator);
    const refused = await send(members[1]!, ids[3]!, '我还想说');
    expect(refused.body).toEqual({
      code: 403,
      message: '您已被禁言至2026-11-24 12:00，暂时不能发言',
      data: null,
    });
    await rt.post('/api/admin/member/ban', { userId: String(userId), days: '0' }, moderator);
    expect((await send(members[1]!, ids[3]!, '解禁了')).body.code).toBe(200);
  });
});

describe('questions', () => {
  it('counts one vote per member however many parallel requests, then the host answers and pins', async () => {
    const liveId = ids[3]!;
    rt.clock.advance(10_000);
    const asked = await send(members[0]!, liveId, '回放什么时候上线？', 'question');
    const id = asked.body.data.message.id;
    expect(asked.body.data.message.kind).toBe('question');
    const voters = [...members, moderator];
    const votes = await Promise.all(
      voters.flatMap((t) =>
        Array.from({ length: 4 }, () => rt.post(`/api/live/chat/vote/${id}`, {}, t)),
      ),
    );
    expect(votes.filter((v) => v.body.code === 200)).toHaveLength(voters.length);
    expect(votes.filter((v) => v.body.code === 400).map((v) => v.body.message)).toEqual(
      Array(voters.length * 3).fill('你已经赞同过这个问题'),
    );
    const seen = await room(liveId, members[1]);
    expect(seen.messages.find((m) => m.id === id)).toMatchObject({ votes: 4, voted: true });
    expect((await room(liveId)).messages.find((m) => m.id === id)?.voted).toBe(false);

    const denied = await rt.post(
      '/api/admin/live/chat/answer',
      { id: String(id), answer: '下周' },
      members[1],
    );
    expect(denied.body.code).toBe(403);
    const answered = await rt.post(
      '/api/admin/live/chat/answer',
      { id: String(id), answer: '   ' },
      moderator,
    );
    expect(answered.body).toMatchObject({ code: 400, message: '请输入回答内容' });
    await rt.post(
      '/api/admin/live/chat/answer',
      { id: String(id), answer: '直播结束后两小时' },
      moderator,
    );
    await rt.post('/api/admin/live/chat/pin', { id: String(id), pinned: '1' }, moderator);
    expect((await room(liveId)).messages.find((m) => m.id === id)).toMatchObject({
      answer: '直播结束后两小时',
      pinned: true,
      votes: 4,
    });
    expect((await room(liveId, moderator)).viewer).toEqual({ member: true, staff: true });
    expect((await room(liveId, members[0])).viewer).toEqual({ member: true, staff: false });
  });
});

describe("the host's view", () => {
  it("lists the broadcasts begun and a broadcast's questions by votes, for staff only", async () => {
    const liveId = ids[3]!;
    rt.clock.advance(10_000);
    const few = await send(members[1]!, liveId, '票少的问题', 'question');
    const many = await send(members[2]!, liveId, '票多的问题', 'question');
    for (const t of [members[0]!, members[1]!])
      await rt.post(`/api/live/chat/vote/${many.body.data.message.id}`, {}, t);
    const lives = await rt.get<{ list: { id: number; questions: number }[] }>(
      '/api/admin/live/chat/lives',
      moderator,
    );
    expect(lives.body.data.list.map((l) => l.id)).toEqual(expect.arrayContaining([ids[2], ids[3]]));
    expect(lives.body.data.list.map((l) => l.id)).not.toContain(ids[4]);
    const listed = await rt.get<{ list: ChatMessage[] }>(
      `/api/admin/live/chat/questions?liveId=${liveId}`,
      moderator,
    );
    const order = listed.body.data.list.map((q) => q.id);
    expect(order.indexOf(many.body.data.message.id)).toBeLessThan(
      order.indexOf(few.body.data.message.id),
    );
    expect(listed.body.data.list.map((q) => q.votes)).toEqual(
      [...listed.body.data.list.map((q) => q.votes)].sort((a, b) => b - a),
    );
    const member = await rt.get(`/api/admin/live/chat/questions?liveId=${liveId}`, members[0]);
    expect(member.body.code).toBe(403);
  });
});

describe('the host of a broadcast', () => {
  it('is assigned in 直播管理 from the staff only; then the host, admins and moderators act, other editors not', async () => {
    const liveId = ids[3]!;
    const admin = await rt.tokenFor(DEMO.admin);
    const editor = await rt.tokenFor('13800138004');
    const hosts = await rt.get<{ list: { id: number; name: string; roleName: string }[] }>(
      '/api/admin/live/hosts',
      admin,
    );
    const staff = await rt.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('role', 'in', ['admin', 'editor', 'moderator'])
      .orderBy('id')
      .execute();
    expect(hosts.body.data.list.map((h) => h.id)).toEqual(staff.map((u) => u.id));
    const editorRow = await rt.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '13800138004')
      .executeTakeFirstOrThrow();
    const moderatorRow = await rt.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('mobile', '=', '13800138005')
      .executeTakeFirstOrThrow();
    expect(hosts.body.data.list.find((h) => h.id === moderatorRow.id)?.roleName).toBe('审核员');

    // A member is no host: refused with the reason, nothing stored.
    const memberRow = await rt.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', DEMO.members[0])
      .executeTakeFirstOrThrow();
    const refused = await rt.post(
      '/api/admin/live/update',
      { id: String(liveId), hostId: String(memberRow.id) },
      admin,
    );
    expect(refused.body).toMatchObject({ code: 400, message: '主持人须为后台工作人员' });
    const hostOf = async () =>
      (
        await rt.db
          .selectFrom('live_broadcasts')
          .select('host_id')
          .where('id', '=', liveId)
          .executeTakeFirstOrThrow()
      ).host_id;
    expect(await hostOf()).toBeNull();

    // Unassigned, an editor takes the host's part; assigned to the moderator, no longer.
    rt.clock.advance(10_000);
    const q = await send(members[2]!, liveId, '主持人是谁？', 'question');
    const id = String(q.body.data.message.id);
    expect((await rt.post('/api/admin/live/chat/pin', { id, pinned: '1' }, editor)).body.code).toBe(
      200,
    );
    const assigned = await rt.post(
      '/api/admin/live/update',
      { id: String(liveId), hostId: String(moderatorRow.id) },
      admin,
    );
    expect(assigned.body.code, assigned.body.message).toBe(200);
    expect(await hostOf()).toBe(moderatorRow.id);
    const listed = await rt.get<{ list: { id: number; hostName: string | null }[] }>(
      '/api/admin/live/list?size=50',
      admin,
    );
    expect(listed.body.data.list.find((l) => l.id === liveId)?.hostName).toBe(moderatorRow.name);

    const byEditor = await rt.post('/api/admin/live/chat/answer', { id, answer: '审核员' }, editor);
    expect(byEditor.body).toMatchObject({
      code: 403,
      message: '只有本场直播的主持人或审核员可以操作',
    });
    expect(
      (await rt.get(`/api/admin/live/chat/questions?liveId=${liveId}`, editor)).body.code,
    ).toBe(403);
    const editorLives = await rt.get<{ list: { id: number }[] }>(
      '/api/admin/live/chat/lives',
      editor,
    );
    expect(editorLives.body.data.list.map((l) => l.id)).not.toContain(liveId);
    expect((await room(liveId, editor)).viewer.staff).toBe(false);
    const stored = await rt.db
      .selectFrom('live_chat_messages')
      .select(['answer', 'pinned'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ answer: null, pinned: 1 });

    // The host answers; the host's view lists it as theirs; an admin acts on it too.
    const byHost = await rt.post(
      '/api/admin/live/chat/answer',
      { id, answer: '审核员' },
      moderator,
    );
    expect(byHost.body.code).toBe(200);
    const hostLives = await rt.get<{ list: { id: number; mine: boolean }[] }>(
      '/api/admin/live/chat/lives',
      moderator,
    );
    expect(hostLives.body.data.list.find((l) => l.id === liveId)?.mine).toBe(true);
    expect((await room(liveId, moderator)).viewer.staff).toBe(true);
    expect((await rt.post('/api/admin/live/chat/pin', { id, pinned: '0' }, admin)).body.code).toBe(
      200,
    );

    // The editor as host; the assignment cleared, any review staff again.
    await rt.post(
      '/api/admin/live/update',
      { id: String(liveId), hostId: String(editorRow.id) },
      admin,
    );
    expect((await room(liveId, editor)).viewer.staff).toBe(true);
    await rt.post('/api/admin/live/update', { id: String(liveId), hostId: '' }, admin);
    expect(await hostOf()).toBeNull();
    expect((await room(liveId, editor)).viewer.staff).toBe(true);
  });
});

describe('the event stream', () => {
  it('delivers every new or changed message in order, and resumes after a Last-Event-ID with exactly the missed ones', async () => {
    const liveId = ids[2]!;
    rt.clock.advance(10_000);
    const start = (await room(liveId)).lastEventId;
    const viewer = await stream(liveId, { after: start });
    // Parallel posts by three members: one event each, numbered without a gap.
    const posted = await Promise.all(members.map((t, i) => send(t, liveId, `大家好${i}`)));
    expect(posted.every((p) => p.body.code === 200)).toBe(true);
    const live = await viewer.take(3);
    expect(live.map((e) => e.id)).toEqual([start + 1, start + 2, start + 3]);
    expect(live.map((e) => e.message.content).sort()).toEqual(['大家好0', '大家好1', '大家好2']);

    // The viewer drops after the first; meanwhile one more message and a hide.
    await viewer.close();
    const extra = await send(members[0]!, liveId, '掉线期间的消息');
    const hideId = live[1]!.message.id;
    await rt.post(
      '/api/admin/live/chat/status',
      { id: String(hideId), status: 'hidden' },
      moderator,
    );
    const resumed = await stream(liveId, { lastEventId: live[0]!.id });
    const missed = await resumed.take(4);
    expect(missed.map((e) => e.id)).toEqual([start + 2, start + 3, start + 4, start + 5]);
    // Each as it is now: the hidden one has neither text nor author.
    expect(missed[0]!.message).toMatchObject({
      id: hideId,
      status: 'hidden',
      content: '',
      userName: '',
    });
    expect(missed[2]!.message).toMatchObject({
      id: extra.body.data.message.id,
      content: '掉线期间的消息',
    });
    expect(missed[3]!.message).toMatchObject({ id: hideId, status: 'hidden' });
    // Then the live ones, with no repeat of the missed.
    await send(members[1]!, liveId, '重连之后');
    expect((await resumed.take(1)).map((e) => [e.id, e.message.content])).toEqual([
      [start + 6, '重连之后'],
    ]);
    await resumed.close();
    expect((await room(liveId)).messages.map((m) => m.id)).not.toContain(hideId);
  });

  it('delivers in order when an event arrives ahead of one it follows (two instances publishing at once)', async () => {
    const liveId = ids[2]!;
    rt.clock.advance(10_000);
    const start = (await room(liveId)).lastEventId;
    const viewer = await stream(liveId, { after: start });
    // Two committed changes whose publications come late and out of order (as from instances).
    const userId = await rt.userId(DEMO.members[2]);
    const events = [];
    for (const content of ['先提交的', '后提交的']) {
      const ev = await rt.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('live_chat_messages')
          .values({
            live_id: liveId,
            user_id: userId,
            kind: 'message',
            content,
            status: 'visible',
            media_seconds: 1,
            created_at: rt.clock.now().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return recordChatEvent(trx, rt.clock, liveId, row.id);
      });
      events.push(ev);
    }
    deliverChatEvent(events[1]!);
    const got = await viewer.take(2);
    expect(got.map((e) => [e.id, e.message.content])).toEqual([
      [start + 1, '先提交的'],
      [start + 2, '后提交的'],
    ]);
    // The late one is not sent again; the next change follows.
    deliverChatEvent(events[0]!);
    await send(members[0]!, liveId, '之后的消息');
    expect((await viewer.take(1)).map((e) => [e.id, e.message.content])).toEqual([
      [start + 3, '之后的消息'],
    ]);
    await viewer.close();
  });

  it('answers an unknown broadcast with not found instead of a stream', async () => {
    const res = await rt.get('/api/live/chat/999999/events');
    expect(res.body).toEqual({ code: 404, message: '直播不存在或已下线', data: null });
  });

  it('keeps the chat of an ended broadcast for its replay, with media times', async () => {
    const liveId = ids[3]!;
    const before = await room(liveId);
    rt.clock.advance(24 * 60 * 60_000);
    const after = await room(liveId);
    expect(after.status).toBe('ended');
    expect(after.messages.map((m) => [m.id, m.mediaSeconds])).toEqual(
      before.messages.map((m) => [m.id, m.mediaSeconds]),
    );
    expect((await send(members[0]!, liveId, '结束了吗')).body.message).toBe('直播进行中才能发言');
  });
});

/**
 * Chapters and subtitles of lessons and replays (issue 23), on SQLite and PostgreSQL: staff
 * type chapters as `分:秒 标题` lines and upload WebVTT; a malformed file or a chapter past the
 * end is refused with its line and changes nothing; the text reaches the player only through
 * GET /api/media/text, behind the same gate as the video (a paid lesson's subtitles are as
 * paid as its video).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../../../src/server/clock.ts';
import type { MediaText } from '../../../src/server/services/lib/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin: string;
let buyer: string;
let other: string;
let free: number;
let paid: number;
let live: number;

const VTT = [
  'WEBVTT',
  '',
  '00:00.000 --> 00:04.000',
  '这一节讲时钟树。',
  '',
  '00:04.000 --> 00:09.500',
  'HSE 经过 PLL 倍频到 72 MHz。',
].join('\n');

interface AdminLesson {
  id: number;
  chapters: { at: number; title: string }[];
  subtitleCues: number;
}

async function adminLesson(id: number, courseId: number): Promise<AdminLesson> {
  const { body } = await rt.get<{ list: AdminLesson[] }>(
    `/api/admin/lesson/list?courseId=${courseId}`,
    admin,
  );
  return body.data.list.find((l) => l.id === id)!;
}

const text = (q: string, token?: string) => call<MediaText>(rt, `/api/media/text?${q}`, { token });

let courseId: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await rt.tokenFor(DEMO.admin);
  // Demo member 1 bought the STM32 course; member 2 did not.
  buyer = await rt.tokenFor(DEMO.members[0]);
  other = await rt.tokenFor(DEMO.members[1]);
  const c = await rt.db
    .selectFrom('courses')
    .select('id')
    .where('title', 'like', 'STM32F103 从零到项目%')
    .executeTakeFirstOrThrow();
  courseId = c.id;
  const rows = await rt.db
    .selectFrom('lessons')
    .select(['id', 'free_preview', 'duration_seconds'])
    .where('course_id', '=', c.id)
    .orderBy('sort_order')
    .execute();
  free = rows.find((l) => l.free_preview === 1)!.id;
  paid = rows.find((l) => l.free_preview === 0 && l.duration_seconds > 130)!.id;
  const b = await rt.db
    .selectFrom('live_broadcasts')
    .select('id')
    .where('title', 'like', '高效率 DC-DC 设计研讨会%')
    .executeTakeFirstOrThrow();
  live = b.id;
  const now = rt.clock.now().getTime();
  await rt.db
    .updateTable('live_broadcasts')
    .set({
      start_at: iso(new Date(now - 3 * 3_600_000)),
      end_at: iso(new Date(now - 3_600_000)),
      course_id: c.id,
    })
    .where('id', '=', live)
    .execute();
});

afterAll(async () => {
  await rt?.close();
});

describe('the demo', () => {
  it('gives a visitor the free STM32 lesson’s chapters and Chinese subtitles, and the replays theirs', async () => {
    const res = await text(`lessonId=${free}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data.chapters.map((c) => c.title)).toContain('寄存器方式点亮 PC13');
    expect(res.body.data.cues.length).toBeGreaterThan(10);
    expect(res.body.data.cues[0]!.text).toContain('点亮第一颗 LED');
    const rows = await rt.db
      .selectFrom('live_broadcasts')
      .select(['title', 'chapters', 'subtitles', 'replay_url'])
      .where('subtitles', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.replay_url !== null)).toBe(true);
  });
});

describe('staff set chapters and subtitles', () => {
  it('stores chapters typed as lines and the cues of an uploaded WebVTT file', async () => {
    const { body } = await rt.post(
      '/api/admin/lesson/update',
      { id: String(paid), chapters: '00:00 引言\n01:05 时钟树\n02:10 小结', subtitles: VTT },
      admin,
    );
    expect(body.code, body.message).toBe(200);
    expect(await adminLesson(paid, courseId)).toMatchObject({
      chapters: [
        { at: 0, title: '引言' },
        { at: 65, title: '时钟树' },
        { at: 130, title: '小结' },
      ],
      subtitleCues: 2,
    });
  });

  it('refuses a malformed file with its line number, and keeps what was there', async () => {
    const bad = VTT.replace('00:04.000 --> 00:09.500', '00:04,000 --> 00:09.500');
    const { body } = await rt.post(
      '/api/admin/lesson/update',
      { id: String(paid), subtitles: bad, chapters: '00:00 新的' },
      admin,
    );
    expect(body.code).toBe(400);
    expect(body.message).toBe('第 6 行：时间格式不正确，应为 “00:01.000 --> 00:04.000”');
    expect(await adminLesson(paid, courseId)).toMatchObject({ subtitleCues: 2 });
    expect((await adminLesson(paid, courseId)).chapters).toHaveLength(3);
  });

  it('refuses chapters out of order, badly typed or past the end of the video', async () => {
    const cases: [string, string][] = [
      ['00:00 a\n00:00 b', '第 2 行：章节时间必须从前往后排列，且不能重复'],
      ['0:5 a', '第 1 行：格式应为“分:秒 标题”，例如 “02:30 分压电路”'],
      ['00:00 a\n599:00 b', '第 2 个章节：章节时间超出了视频时长'],
    ];
    for (const [chapters, message] of cases) {
      const { body } = await rt.post(
        '/api/admin/lesson/update',
        { id: String(paid), chapters },
        admin,
      );
      expect(body.message).toBe(message);
    }
    expect((await adminLesson(paid, courseId)).chapters.map((c) => c.title)).toEqual([
      '引言',
      '时钟树',
      '小结',
    ]);
  });

  it('removes subtitles with an empty upload and chapters with an empty field', async () => {
    await rt.post('/api/admin/lesson/update', { id: String(free), subtitles: VTT }, admin);
    expect((await adminLesson(free, courseId)).subtitleCues).toBe(2);
    const { body } = await rt.post(
      '/api/admin/lesson/update',
      { id: String(free), subtitles: '', chapters: '' },
      admin,
    );
    expect(body.code, body.message).toBe(200);
    expect(await adminLesson(free, courseId)).toMatchObject({ chapters: [], subtitleCues: 0 });
  });

  it('gives a replay its own chapters and subtitles', async () => {
    const { body } = await rt.post(
      '/api/admin/live/update',
      { id: String(live), chapters: '00:00 开场\n10:00 问答', subtitles: VTT },
      admin,
    );
    expect(body.code, body.message).toBe(200);
  });
});

describe('the player reads them behind the video gate', () => {
  it('gives the buyer a paid lesson’s chapters and cues, and a visitor or non-buyer nothing', async () => {
    const mine = await text(`lessonId=${paid}`, buyer);
    expect(mine.body.code).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.body.data.chapters.map((c) => c.at)).toEqual([0, 65, 130]);
    expect(mine.body.data.cues).toEqual([
      { start: 0, end: 4, text: '这一节讲时钟树。' },
      { start: 4, end: 9.5, text: 'HSE 经过 PLL 倍频到 72 MHz。' },
    ]);
    for (const token of [undefined, other]) {
      const res = await text(`lessonId=${paid}`, token);
      expect(res.body.code).toBe(403);
      expect(res.body.message).toBe('购买课程后即可观看该课时');
      expect(JSON.stringify(res.body)).not.toContain('时钟树');
    }
  });

  it('gives a free preview’s text to a visitor', async () => {
    await rt.post('/api/admin/lesson/update', { id: String(free), chapters: '00:00 预览' }, admin);
    const res = await text(`lessonId=${free}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ chapters: [{ at: 0, title: '预览' }], cues: [] });
  });

  it('gives a paid replay’s text to the buyer only', async () => {
    const mine = await text(`liveId=${live}`, buyer);
    expect(mine.body.code, mine.body.message).toBe(200);
    expect(mine.body.data.chapters.map((c) => c.title)).toEqual(['开场', '问答']);
    expect((await text(`liveId=${live}`, other)).body.code).toBe(403);
    expect((await text(`liveId=${live}`)).body.code).toBe(401);
  });

  it('asks for exactly one of lessonId and liveId', async () => {
    expect((await text(`lessonId=${free}&liveId=${live}`)).body.code).toBe(400);
    expect((await text('')).body.code).toBe(400);
  });
});

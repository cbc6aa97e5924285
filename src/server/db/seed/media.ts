/**
 * Live broadcasts (two ended, two live at `now`, two upcoming), public-course
 * videos and short videos.
 */
import { LIVES, SHORT_VIDEOS, VIDEOS, type LiveData } from './content/media.ts';
import { demoTextColumns, REPLAY_TEXT } from './content/media-text.ts';
import { demoMediaUrl, LIVE_SECONDS, liveKey, videoSeconds } from './content/media-manifest.ts';
import type { SeededCompany } from './companies.ts';
import {
  atHour,
  nth,
  insertReturningIds,
  intBetween,
  mulberry32,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';
import { demoCoverUrl } from './content/covers.ts';

/** Fields of the live reservation form (spec 3: reserveFrom). */
export const RESERVE_FORM = [
  { name: 'name', label: '姓名', required: true },
  { name: 'company', label: '公司', required: true },
  { name: 'job', label: '职位', required: false },
  { name: 'email', label: '邮箱', required: false },
];

export interface SeededMedia {
  /** Live ids in LIVES order: [ended, ended, live, live, upcoming, upcoming]. */
  liveIds: number[];
  /** End time of each live broadcast, same order. */
  liveEnds: string[];
  videoIds: number[];
  shortVideoIds: number[];
}

/** Start and end of each broadcast relative to now; 06:00 UTC is 14:00 in Beijing. */
function liveWindow(now: Date, i: number): { start: string; end: string } {
  const windows: (() => { start: string; end: string })[] = [
    () => ({ start: atHour(now, -10, 6), end: atHour(now, -10, 8) }),
    () => ({ start: atHour(now, -3, 6), end: atHour(now, -3, 8) }),
    () => ({ start: shift(now, { minutes: -40 }), end: shift(now, { minutes: 80 }) }),
    () => ({ start: shift(now, { minutes: -75 }), end: shift(now, { minutes: 45 }) }),
    () => ({ start: atHour(now, 2, 6), end: atHour(now, 2, 8) }),
    () => ({ start: atHour(now, 7, 7), end: atHour(now, 7, 8, 30) }),
  ];
  const w = windows[i];
  if (!w) throw new Error(`seed: no time window for live broadcast ${i}`);
  return w();
}

function liveDescription(l: LiveData): string {
  return [
    `<p>${l.summary}</p>`,
    '<h3>直播议程</h3>',
    `<ol>${l.agenda.map((a) => `<li>${a}</li>`).join('')}</ol>`,
    `<h3>主讲嘉宾</h3><p>${l.speaker}</p>`,
    '<p>直播面向注册会员开放，登录后即可观看并参与互动答疑；预约后将在开播前15分钟收到站内消息提醒，预约时勾选短信提醒的会员同时收到短信。直播结束后可在本页观看回放。</p>',
  ].join('\n');
}

export async function seedMedia(
  ctx: SeedContext,
  companies: SeededCompany[],
  columnIds: number[],
): Promise<SeededMedia> {
  const rand = mulberry32(360);
  const liveRows: Row<'live_broadcasts'>[] = LIVES.map((l, i) => {
    const { start, end } = liveWindow(ctx.now, i);
    // The generated recording has the window's length (content/media-manifest.ts).
    if ((Date.parse(end) - Date.parse(start)) / 1000 !== LIVE_SECONDS[i])
      throw new Error(`seed: live ${i} lasts other than its generated media`);
    return {
      title: l.title,
      summary: l.summary,
      description: liveDescription(l),
      cover: demoCoverUrl(`live-${i + 1}`),
      speaker: l.speaker,
      company_id: companies[l.company]?.id ?? null,
      start_at: start,
      end_at: end,
      html_url: l.iframe ?? null,
      // The broadcast's own video: streamed while on air, the recording once ended.
      stream_url: demoMediaUrl(liveKey(i)),
      replay_url: new Date(end) <= ctx.now ? demoMediaUrl(liveKey(i)) : null,
      reserve_form: JSON.stringify(RESERVE_FORM),
      exam_enabled: l.exam ? 1 : 0,
      recommended: l.recommended ? 1 : 0,
      view_count: i < 2 ? intBetween(rand, 3000, 9000) : i < 4 ? intBetween(rand, 500, 1500) : 0,
      created_at: shift(new Date(start), { days: -14 }),
      ...demoTextColumns(REPLAY_TEXT.find((t) => t.live === l.title)?.text, LIVE_SECONDS[i] ?? 0),
    };
  });
  const liveIds = await insertReturningIds(ctx, 'live_broadcasts', 'title', liveRows);

  const videoIds = await insertReturningIds(
    ctx,
    'videos',
    'title',
    VIDEOS.map((v, i) => ({
      title: v.title,
      summary: v.summary,
      cover: demoCoverUrl(`video-${i + 1}`),
      path: demoMediaUrl(`video-${i + 1}`),
      duration_seconds: videoSeconds(i),
      classify_id: nth(columnIds, v.column),
      recommended: i % 3 === 0 ? 1 : 0,
      view_count: intBetween(rand, 200, 8000),
      laud_count: intBetween(rand, 10, 400),
      created_at: shift(ctx.now, { days: -(60 - i * 5), hours: -4 }),
    })),
  );

  const shortVideoIds = await insertReturningIds(
    ctx,
    'short_videos',
    'title',
    SHORT_VIDEOS.map((v, i) => ({
      title: v.title,
      path: demoMediaUrl(`short-${i + 1}`),
      cover: demoCoverUrl(`short-${i + 1}`, true),
      author: v.author,
      duration_seconds: v.seconds,
      recommended: i % 4 === 0 ? 1 : 0,
      view_count: intBetween(rand, 1000, 50000),
      laud_count: intBetween(rand, 50, 3000),
      created_at: shift(ctx.now, { days: -(40 - i * 2), hours: -2 }),
    })),
  );

  return { liveIds, liveEnds: liveRows.map((l) => l.end_at), videoIds, shortVideoIds };
}

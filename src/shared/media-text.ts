/**
 * The text that goes with a lesson's or a replay's video (issue 23): chapters, typed in the
 * console as one `分:秒 标题` line each, and subtitles, uploaded as WebVTT. The console checks
 * with these before sending, the server with the same functions before storing, and the player
 * reads what they produce. A refusal names the line it is about: 第 3 行：时间格式不正确.
 */
import { toSeconds } from './duration.ts';

export interface Chapter {
  /** Where the chapter starts, in seconds. */
  at: number;
  title: string;
}

export interface Cue {
  /** Seconds, to the millisecond. */
  start: number;
  end: number;
  text: string;
}

/** What a player gets with a video (GET /api/media/text): its chapters and subtitle cues. */
export interface MediaText {
  chapters: Chapter[];
  cues: Cue[];
}

export const MEDIA_TEXT_LIMITS = {
  chapters: 100,
  chapterTitle: 60,
  /** Characters of a WebVTT file. */
  vttChars: 500_000,
  cues: 5_000,
  cueText: 500,
} as const;

export const MEDIA_TEXT_MSG = {
  chapterLine: '格式应为“分:秒 标题”，例如 “02:30 分压电路”',
  chapterTitle: `章节标题不能为空，且不超过${MEDIA_TEXT_LIMITS.chapterTitle}个字`,
  chapterOrder: '章节时间必须从前往后排列，且不能重复',
  chapterPastEnd: '章节时间超出了视频时长',
  chapterCount: `章节不能超过${MEDIA_TEXT_LIMITS.chapters}个`,
  vttHeader: '字幕文件必须以 WEBVTT 开头',
  vttTiming: '时间格式不正确，应为 “00:01.000 --> 00:04.000”',
  vttOrder: '结束时间必须晚于开始时间',
  vttEmptyCue: '字幕内容不能为空',
  vttCueText: `一条字幕不能超过${MEDIA_TEXT_LIMITS.cueText}个字`,
  vttTooLarge: '字幕文件过大（最多 50 万字）',
  vttCount: `字幕不能超过${MEDIA_TEXT_LIMITS.cues}条`,
  vttNoCue: '字幕文件中没有字幕',
} as const;

export type MediaTextResult<T> = { ok: true; value: T } | { ok: false; message: string };

const lineError = (line: number, text: string) => ({
  ok: false as const,
  message: `第 ${line} 行：${text}`,
});

/**
 * Chapters as typed, one per line (empty lines skipped), in order.
 * parseChapters('00:00 开场\n02:30 分压电路') → ok [{at:0,title:'开场'},{at:150,title:'分压电路'}]
 * parseChapters('2:3 x') → { ok: false, message: '第 1 行：格式应为…' }
 */
export function parseChapters(text: string, lengthSeconds?: number): MediaTextResult<Chapter[]> {
  const out: Chapter[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(\d{1,2}:\d{1,3}:\d{2}|\d{1,3}:\d{2})\s+(.*)$/.exec(line);
    const at = m ? toSeconds(m[1]) : Number.NaN;
    if (!m || !Number.isFinite(at)) return lineError(i + 1, MEDIA_TEXT_MSG.chapterLine);
    const title = m[2]!.trim();
    if (!title || [...title].length > MEDIA_TEXT_LIMITS.chapterTitle)
      return lineError(i + 1, MEDIA_TEXT_MSG.chapterTitle);
    if (out.length > 0 && at <= out.at(-1)!.at)
      return lineError(i + 1, MEDIA_TEXT_MSG.chapterOrder);
    if (lengthSeconds !== undefined && lengthSeconds > 0 && at >= lengthSeconds)
      return lineError(i + 1, MEDIA_TEXT_MSG.chapterPastEnd);
    out.push({ at, title });
  }
  if (out.length > MEDIA_TEXT_LIMITS.chapters)
    return { ok: false, message: MEDIA_TEXT_MSG.chapterCount };
  return { ok: true, value: out };
}

/** Chapters as the console's field shows them: formatChapters([{at:150,title:'x'}]) → '02:30 x' */
export function formatChapters(chapters: readonly Chapter[]): string {
  return chapters.map((c) => `${clockOf(c.at)} ${c.title}`).join('\n');
}

function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A WebVTT timestamp in seconds: vttTime('01:02.500') → 62.5; vttTime('1:00:00.000') → 3600 */
function vttTime(t: string): number {
  const m = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(t);
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * The cues of a WebVTT file (W3C WebVTT: the WEBVTT header, blocks separated by blank lines,
 * an optional cue identifier, `start --> end` with optional settings, then the text; NOTE,
 * STYLE and REGION blocks are skipped). Tags in the text (<b>, <v 讲师>) are dropped: the
 * player and the transcript show plain text.
 */
export function parseVtt(source: string): MediaTextResult<Cue[]> {
  if (source.length > MEDIA_TEXT_LIMITS.vttChars)
    return { ok: false, message: MEDIA_TEXT_MSG.vttTooLarge };
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return lineError(1, MEDIA_TEXT_MSG.vttHeader);
  const cues: Cue[] = [];
  let i = 1;
  // The header's own lines run to the first blank line.
  while (i < lines.length && lines[i]!.trim() !== '') i++;
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const first = lines[i]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      while (i < lines.length && lines[i]!.trim() !== '') i++;
      continue;
    }
    // An identifier line comes before the timing line when the block's first line has no arrow.
    if (!first.includes('-->')) i++;
    const timingLine = i + 1;
    const m = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(lines[i] ?? '');
    const start = m ? vttTime(m[1]!) : Number.NaN;
    const end = m ? vttTime(m[2]!) : Number.NaN;
    if (!Number.isFinite(start) || !Number.isFinite(end))
      return lineError(timingLine, MEDIA_TEXT_MSG.vttTiming);
    if (end <= start) return lineError(timingLine, MEDIA_TEXT_MSG.vttOrder);
    i++;
    const text: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') {
      if (lines[i]!.includes('-->')) return lineError(i + 1, MEDIA_TEXT_MSG.vttEmptyCue);
      text.push(lines[i]!.replace(/<[^>]*>/g, '').trim());
      i++;
    }
    const joined = text.join(' ').trim();
    if (!joined) return lineError(timingLine, MEDIA_TEXT_MSG.vttEmptyCue);
    if ([...joined].length > MEDIA_TEXT_LIMITS.cueText)
      return lineError(timingLine, MEDIA_TEXT_MSG.vttCueText);
    cues.push({ start, end, text: decodeEntities(joined) });
    if (cues.length > MEDIA_TEXT_LIMITS.cues)
      return { ok: false, message: MEDIA_TEXT_MSG.vttCount };
  }
  if (cues.length === 0) return { ok: false, message: MEDIA_TEXT_MSG.vttNoCue };
  return { ok: true, value: cues.sort((a, b) => a.start - b.start) };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!);
}

/** The cue playing at `t` seconds, as an index into `cues` (sorted by start), or -1. */
export function cueAt(cues: readonly Cue[], t: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i]!.start > t) break;
    if (t < cues[i]!.end) found = i;
  }
  return found;
}

/** The chapter playing at `t` seconds, as an index into `chapters`, or -1 before the first. */
export function chapterAt(chapters: readonly Chapter[], t: number): number {
  let found = -1;
  for (let i = 0; i < chapters.length && chapters[i]!.at <= t; i++) found = i;
  return found;
}

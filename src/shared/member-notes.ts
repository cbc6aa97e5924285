/**
 * Notes and bookmarks (issue 23): the rules the server enforces and the islands check before
 * sending, their messages, and the links back to the second or passage a note was made at.
 */
import { clock } from './duration.ts';

export const NOTE_TARGETS = ['lesson', 'live', 'article'] as const;
export type NoteTarget = (typeof NOTE_TARGETS)[number];

export const NOTE_LIMITS = {
  bodyMax: 1000,
  quoteMax: 500,
  /** Notes one member keeps on one lesson, replay or article. */
  perTarget: 500,
  /** The longest lesson or replay a second can point into (24 hours). */
  secondsMax: 86_400,
  paragraphMax: 100_000,
} as const;

export const NOTES_MSG = {
  targetInvalid: '笔记对象类型无效',
  bodyEmpty: '请填写笔记内容',
  bodyTooLong: `笔记内容不能超过${NOTE_LIMITS.bodyMax}字`,
  quoteEmpty: '请先在文章中选中要划线的文字',
  oneParagraph: '请在同一段落内选择要划线的文字',
  quoteTooLong: `划线内容不能超过${NOTE_LIMITS.quoteMax}字`,
  secondsInvalid: '笔记时间无效',
  paragraphInvalid: '划线段落无效',
  tooMany: `每个内容最多保存${NOTE_LIMITS.perTarget}条笔记`,
  noteMissing: '笔记不存在或已删除',
  articleMissing: '文章不存在或已下线',
  saved: '笔记已保存',
  bookmarked: '书签已添加',
  highlighted: '划线已保存',
  updated: '笔记已修改',
  deleted: '笔记已删除',
  /** The item of a note that is no longer public. */
  gone: '该内容已下线',
  bookmark: '★ 书签',
  /** Nothing plays yet: notes take the second the video is at. */
  noVideo: '播放视频后可在当前时间记笔记',
  names: { lesson: '课时', live: '直播', article: '文章' } as Record<NoteTarget, string>,
} as const;

/** checkNoteBody('  ') → '请填写笔记内容'; over 1000 characters → '笔记内容不能超过1000字'. */
export function checkNoteBody(value: string): string | null {
  const v = value.trim();
  if (!v) return NOTES_MSG.bodyEmpty;
  if ([...v].length > NOTE_LIMITS.bodyMax) return NOTES_MSG.bodyTooLong;
  return null;
}

/** checkNoteQuote('') → '请先在文章中选中要划线的文字'; over 500 characters → '划线内容不能超过500字'. */
export function checkNoteQuote(value: string): string | null {
  const v = value.trim();
  if (!v) return NOTES_MSG.quoteEmpty;
  if ([...v].length > NOTE_LIMITS.quoteMax) return NOTES_MSG.quoteTooLong;
  return null;
}

/** A note's second as lists show it: noteClock(83) → '01:23'. */
export const noteClock = (seconds: number): string => clock(seconds);

/** The course page opening a lesson at a second: lessonNoteUrl(1, 5, 83) → '/course/1#lesson=5&t=83'. */
export const lessonNoteUrl = (courseId: number, lessonId: number, seconds: number): string =>
  `/course/${courseId}#lesson=${lessonId}&t=${seconds}`;

/** The live page's replay at a second: liveNoteUrl(3, 83) → '/live/3#t=83'. */
export const liveNoteUrl = (liveId: number, seconds: number): string =>
  `/live/${liveId}#t=${seconds}`;

/** An article scrolled to a note's passage: articleNoteUrl(4, 9) → '/article/4#note-9'. */
export const articleNoteUrl = (articleId: number, noteId: number): string =>
  `/article/${articleId}#note-${noteId}`;

/** The `#t=<seconds>` of a page address, or null: hashSeconds('#lesson=5&t=83') → 83. */
export function hashSeconds(hash: string): number | null {
  const t = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return t !== null && /^\d{1,6}$/.test(t) ? Number(t) : null;
}

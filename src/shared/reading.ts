/**
 * Reading progress (issue 28): how far a member has read an article, counted in the body's
 * paragraphs (its direct children, as notes count them), and the article's reading time. The
 * rules and messages both the browser and the server use.
 *
 * readingMinutes('<p>' + '字'.repeat(900) + '</p><figure><img></figure>') → 3
 * readingUrl(4, 12) → '/article/4#p-12'
 */
import { clock } from './duration.ts';

export const READING_MSG = {
  articleMissing: '文章不存在或已下线',
  paragraphInvalid: '段落位置无效',
  percentInvalid: '阅读进度应为0到100之间的整数',
  saved: '阅读进度已保存',
} as const;

export const READING_LIMITS = {
  /** The highest paragraph index a body can have (a generous bound: long articles have a few hundred). */
  paragraphMax: 5000,
  /** At or past this share the article counts as read to the end. */
  finishedPercent: 95,
} as const;

/** Reading speeds: Chinese characters and other words per minute, seconds per figure or code block. */
const CHARS_PER_MINUTE = 400;
const WORDS_PER_MINUTE = 200;
const SECONDS_PER_FIGURE = 12;

/** Minutes to read a stored article body (HTML): its text at reading speed plus a look at each figure, at least 1. */
export function readingMinutes(html: string): number {
  const figures = (html.match(/<(img|pre|table|video)\b/gi) ?? []).length;
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  const chars = (text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  const words = (text.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, ' ').match(/[A-Za-z0-9]+/g) ?? [])
    .length;
  const minutes =
    chars / CHARS_PER_MINUTE + words / WORDS_PER_MINUTE + (figures * SECONDS_PER_FIGURE) / 60;
  return Math.max(1, Math.ceil(minutes));
}

/** How an article's reading time reads: formatReadingTime(3) → '阅读约 3 分钟'. */
export const formatReadingTime = (minutes: number): string => `阅读约 ${minutes} 分钟`;

/** An article opened at a paragraph: readingUrl(4, 12) → '/article/4#p-12'; paragraph 0 is the top. */
export const readingUrl = (articleId: number, paragraph: number): string =>
  paragraph > 0 ? `/article/${articleId}#p-${paragraph}` : `/article/${articleId}`;

/** The paragraph a page address asks for: hashParagraph('#p-12') → 12, otherwise null. */
export function hashParagraph(hash: string): number | null {
  const m = /^#p-(\d{1,4})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** The share read when `paragraph` of `count` paragraphs is reached: readPercent(4, 10) → 50. */
export function readPercent(paragraph: number, count: number): number {
  if (count <= 1) return 100;
  return Math.min(100, Math.max(0, Math.round(((paragraph + 1) / count) * 100)));
}

/**
 * The second line of a 继续学习 card: where the member left off.
 * continueNote({ kind: 'lesson', courseTitle: '嵌入式 Linux', seconds: 83, percent: 40 }) → '嵌入式 Linux · 上次看到 01:23'
 * continueNote({ kind: 'article', courseTitle: null, seconds: null, percent: 45 }) → '文章 · 已读 45%'
 */
export function continueNote(item: {
  kind: 'article' | 'lesson';
  courseTitle: string | null;
  seconds: number | null;
  percent: number;
}): string {
  if (item.kind === 'article') return `文章 · 已读 ${item.percent}%`;
  const s = item.seconds ?? 0;
  return `${item.courseTitle ?? '课程'} · ${s > 0 ? `上次看到 ${clock(s)}` : '下一节'}`;
}

/**
 * A member's notes as one Markdown file (issue 23, 导出 Markdown in 我的笔记): grouped by course
 * and lesson, replay and article; a second as mm:ss linking back to it, a passage as a quote.
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { NOTES_MSG, noteClock } from '../../../../shared/member-notes.ts';
import { COLUMNS, view, withItems, type MyNoteView } from './notes.ts';

type D = Pick<Deps, 'db' | 'clock'>;

/** A line of Markdown as one line of a list item (the member's own text, kept as written). */
const oneLine = (text: string): string => text.replace(/\r?\n/g, '\n  ');

/**
 * Every note of the member as Markdown: grouped by course and lesson, replay and article, each
 * item's notes in order (by second, or by place in the text), a lesson's or replay's second as
 * mm:ss linking back to that second, a passage as a quote linking back to it.
 */
export async function exportNotes(
  deps: D & Pick<Deps, 'config'>,
  userId: number,
): Promise<{ markdown: string; count: number; filename: string; day: string }> {
  const rows = await deps.db
    .selectFrom('member_notes')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('target_type')
    .orderBy('target_id')
    .orderBy('at_seconds')
    .orderBy('paragraph')
    .orderBy('id')
    .execute();
  const notes = await withItems(deps, rows.map(view));
  const site = deps.config.siteUrl;
  const link = (url: string) => (url ? `${site}${url}` : '');
  const now = deps.clock.now();
  const day = iso(now).slice(0, 10);
  const out: string[] = [
    `# 我的笔记`,
    '',
    `${deps.config.siteName} · 导出于 ${day} · 共 ${notes.length} 条`,
    '',
  ];
  const line = (n: MyNoteView): string => {
    const text = n.body ? oneLine(n.body) : NOTES_MSG.bookmark;
    if (n.targetType === 'article') {
      const quote = `> ${oneLine(n.quote ?? '').replace(/\n {2}/g, '\n> ')}`;
      const back = n.url ? ` [原文](${link(n.url)})` : '';
      return `${quote}\n\n${n.body ? oneLine(n.body) : '（划线）'}${back}\n`;
    }
    const at = noteClock(n.atSeconds ?? 0);
    return `- ${n.url ? `[${at}](${link(n.url)})` : at} ${text}`;
  };
  // Items in a stable order: courses (their lessons), then replays, then articles.
  const groups = new Map<
    string,
    { course: string | null; heading: string[]; notes: MyNoteView[] }
  >();
  const order = { lesson: 0, live: 1, article: 2 } as const;
  const sorted = [...notes].sort(
    (a, b) =>
      order[a.targetType] - order[b.targetType] ||
      (a.courseTitle ?? '').localeCompare(b.courseTitle ?? '', 'zh') ||
      (a.courseId ?? 0) - (b.courseId ?? 0) ||
      a.targetId - b.targetId,
  );
  for (const n of sorted) {
    const key = `${n.targetType}:${n.targetId}`;
    let g = groups.get(key);
    if (!g) {
      const heading =
        n.targetType === 'lesson'
          ? [`## 课程：${n.courseTitle ?? NOTES_MSG.gone}`, `### 课时：${n.title}`]
          : [`## ${NOTES_MSG.names[n.targetType]}：${n.title}`];
      const course = n.targetType === 'lesson' ? `${n.courseId ?? 'gone'}` : null;
      g = { course, heading, notes: [] };
      groups.set(key, g);
    }
    g.notes.push(n);
  }
  let lastCourse: string | null = null;
  for (const g of groups.values()) {
    const [first, second] = g.heading;
    // Lessons of one course share its heading.
    if (g.course === null || g.course !== lastCourse) out.push(first!, '');
    lastCourse = g.course;
    if (second !== undefined) out.push(second, '');
    for (const n of g.notes) out.push(line(n));
    out.push('');
  }
  return {
    markdown: `${out.join('\n').trimEnd()}\n`,
    count: notes.length,
    filename: `我的笔记-${day}.md`,
    day,
  };
}

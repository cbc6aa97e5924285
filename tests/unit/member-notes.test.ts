/** The notes rules the server and the islands share (src/shared/member-notes.ts). */
import { describe, expect, it } from 'vitest';
import {
  articleNoteUrl,
  checkNoteBody,
  checkNoteQuote,
  hashSeconds,
  lessonNoteUrl,
  liveNoteUrl,
  noteClock,
} from '../../src/shared/member-notes.ts';

describe('notes', () => {
  it('checks a note’s text and a highlight’s quote by characters, trimmed', () => {
    expect(checkNoteBody('  ')).toBe('请填写笔记内容');
    expect(checkNoteBody('笔'.repeat(1000))).toBeNull();
    expect(checkNoteBody('笔'.repeat(1001))).toBe('笔记内容不能超过1000字');
    // Characters, not UTF-16 units: 1000 emoji are 1000 characters.
    expect(checkNoteBody('😀'.repeat(1000))).toBeNull();
    expect(checkNoteQuote('')).toBe('请先在文章中选中要划线的文字');
    expect(checkNoteQuote('字'.repeat(500))).toBeNull();
    expect(checkNoteQuote('字'.repeat(501))).toBe('划线内容不能超过500字');
  });

  it('shows seconds as mm:ss and links back to the second or the passage', () => {
    expect(noteClock(83)).toBe('01:23');
    expect(noteClock(3725)).toBe('1:02:05');
    expect(lessonNoteUrl(1, 5, 83)).toBe('/course/1#lesson=5&t=83');
    expect(liveNoteUrl(3, 7)).toBe('/live/3#t=7');
    expect(articleNoteUrl(4, 9)).toBe('/article/4#note-9');
  });

  it('reads the second of a #t= address, and nothing else', () => {
    expect(hashSeconds('#lesson=5&t=83')).toBe(83);
    expect(hashSeconds('#t=0')).toBe(0);
    expect(hashSeconds('#t=-1')).toBeNull();
    expect(hashSeconds('#t=1e3')).toBeNull();
    expect(hashSeconds('#note-3')).toBeNull();
    expect(hashSeconds('')).toBeNull();
  });
});

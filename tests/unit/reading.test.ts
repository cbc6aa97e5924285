/** Reading time and positions of src/shared/reading.ts (issue 28), with worked values. */
import { describe, expect, it } from 'vitest';
import {
  continueNote,
  formatReadingTime,
  hashParagraph,
  readingMinutes,
  readingUrl,
  readPercent,
} from '../../src/shared/reading.ts';

describe('readingMinutes', () => {
  it('reads 400 Chinese characters a minute, rounded up, at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${'字'.repeat(400)}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${'字'.repeat(401)}</p>`)).toBe(2);
    expect(readingMinutes(`<h2>标题</h2><p>${'电'.repeat(1198)}</p>`)).toBe(3);
  });
  it('counts English words at 200 a minute and 12 s for each figure, code block or table', () => {
    expect(readingMinutes(`<p>${'word '.repeat(300)}</p>`)).toBe(2);
    // 360 characters (0.9 min) + 5 figures (1 min) → 1.9 → 2.
    const figures = '<figure><img src="a.png"></figure>'.repeat(3) + '<pre>x</pre><table></table>';
    expect(readingMinutes(`<p>${'字'.repeat(360)}</p>${figures}`)).toBe(2);
  });
  it('does not read markup, entities, scripts or styles as text', () => {
    const noise = `<p class="${'x'.repeat(2000)}">&nbsp;&amp;</p><style>${'a{}'.repeat(500)}</style>`;
    expect(readingMinutes(noise)).toBe(1);
  });
  it('reads as 阅读约 N 分钟', () => {
    expect(formatReadingTime(3)).toBe('阅读约 3 分钟');
  });
});

describe('positions', () => {
  it('opens an article at a paragraph, the top without one', () => {
    expect(readingUrl(4, 12)).toBe('/article/4#p-12');
    expect(readingUrl(4, 0)).toBe('/article/4');
  });
  it('reads the paragraph of an address and nothing else', () => {
    expect(hashParagraph('#p-12')).toBe(12);
    expect(hashParagraph('#p-')).toBeNull();
    expect(hashParagraph('#note-3')).toBeNull();
    expect(hashParagraph('#p-1x')).toBeNull();
  });
  it('gives the share of the body reached', () => {
    expect(readPercent(4, 10)).toBe(50);
    expect(readPercent(9, 10)).toBe(100);
    expect(readPercent(0, 1)).toBe(100);
    expect(readPercent(0, 3)).toBe(33);
  });
});

describe('continueNote', () => {
  it('says where a lesson or an article was left', () => {
    expect(
      continueNote({ kind: 'lesson', courseTitle: '嵌入式 Linux', seconds: 83, percent: 40 }),
    ).toBe('嵌入式 Linux · 上次看到 01:23');
    expect(continueNote({ kind: 'lesson', courseTitle: '电源设计', seconds: 0, percent: 0 })).toBe(
      '电源设计 · 下一节',
    );
    expect(continueNote({ kind: 'article', courseTitle: null, seconds: null, percent: 45 })).toBe(
      '文章 · 已读 45%',
    );
  });
});

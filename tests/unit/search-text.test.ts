/** The pure text side of site search: folding, plain text, n-grams, query terms, highlighting. */
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  foldText,
  highlightHtml,
  htmlToText,
  makeSnippet,
  matchRanges,
  parseQuery,
  termBigrams,
  textGrams,
} from '../../src/server/services/search/index.ts';

describe('foldText', () => {
  it('lower-cases and narrows full-width forms, keeping one code point per input code point', () => {
    expect(foldText('STM32Ｆ１０３ 定时器')).toBe('stm32f103 定时器');
    const tricky = 'İ𠮷ﬁ';
    expect(Array.from(foldText(tricky))).toHaveLength(Array.from(tricky).length);
  });
});

describe('htmlToText', () => {
  it('drops tags, scripts and comments, decodes entities and separates blocks', () => {
    expect(
      htmlToText(
        '<p>LM317 &amp; <b>LDO</b></p><p>输出&lt;1.25V&gt;</p><script>alert(1)</script><!-- x -->&#x4E2D;&#25991;',
      ),
    ).toBe('LM317 & LDO 输出<1.25V> 中文');
  });
});

describe('n-grams', () => {
  it('gives every distinct unigram and bigram of letter/digit runs', () => {
    expect(textGrams('定时器')).toEqual(['定', '定时', '时', '时器', '器']);
    expect(textGrams('RS-485 接口')).toEqual([
      'r',
      'rs',
      's',
      '4',
      '48',
      '8',
      '85',
      '5',
      '接',
      '接口',
      '口',
    ]);
  });
  it('gives the bigrams a long term must contain', () => {
    expect(termBigrams('lm317')).toEqual(['lm', 'm3', '31', '17']);
    expect(termBigrams('c++')).toEqual(['c']);
  });
});

describe('parseQuery', () => {
  it('splits on spaces and punctuation, folds, and marks terms shorter than three characters', () => {
    expect(parseQuery(' STM32  定时，电 stm32 ')).toEqual([
      { needle: 'stm32', long: true },
      { needle: '定时', long: false },
      { needle: '电', long: false },
    ]);
  });
  it('keeps joiners inside long terms and only letters and digits in short ones', () => {
    expect(parseQuery('C++ RS-485 c#')).toEqual([
      { needle: 'c++', long: true },
      { needle: 'rs-485', long: true },
      { needle: 'c', long: false },
    ]);
    expect(parseQuery('  ，。 ')).toEqual([]);
  });
});

describe('highlighting', () => {
  it('escapes everything and wraps case-insensitive matches in <mark>', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(highlightHtml('<script>alert("LM317")</script>', ['lm317'])).toBe(
      '&lt;script&gt;alert(&quot;<mark>LM317</mark>&quot;)&lt;/script&gt;',
    );
    expect(highlightHtml('Ｌｍ３１７ 稳压', ['lm317', '稳压'])).toBe(
      '<mark>Ｌｍ３１７</mark> <mark>稳压</mark>',
    );
  });
  it('merges overlapping matches', () => {
    expect(matchRanges('定时器中断', ['定时', '时器', '中'])).toEqual([[0, 4]]);
  });
  it('cuts a snippet around the first match', () => {
    const body = '甲'.repeat(100) + 'LM317' + '乙'.repeat(200);
    const s = makeSnippet(body, ['lm317']);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('LM317');
    expect(Array.from(s)).toHaveLength(122);
    expect(makeSnippet('短文', ['无'])).toBe('短文');
  });
});

describe('snippets on word boundaries', () => {
  it('starts and ends at punctuation near the cut, keeping the match', () => {
    const body =
      '开关电源的设计从拓扑选择开始。'.repeat(4) +
      '降压型 Buck 变换器的环路补偿决定了电源的稳定性，相位裕度应大于 45 度。' +
      '输出电容的 ESR 会引入一个零点，需要在补偿网络中加以考虑。'.repeat(4);
    const s = makeSnippet(body, ['环路补偿']);
    expect(s).toContain('环路补偿');
    expect(s.replace(/^…/, '')).toMatch(/^(降压型|开关电源)/);
    expect(s.replace(/…$/, '')).toMatch(/[。，]$/);
  });

  it('never splits a Latin word or a part number', () => {
    const body =
      'x'.repeat(10) +
      ' ' +
      'The TPS54360 buck regulator '.repeat(12) +
      'LM317 ' +
      'adjustable linear regulator '.repeat(12);
    const s = makeSnippet(body, ['lm317']);
    const inner = s.replace(/^…/, '').replace(/…$/, '');
    for (const word of inner.split(' ').filter(Boolean))
      expect([
        'x'.repeat(10),
        'The',
        'TPS54360',
        'buck',
        'regulator',
        'LM317',
        'adjustable',
        'linear',
      ]).toContain(word);
  });
});

describe('snippets start with a sentence where one begins nearby', () => {
  it('prefers the start of the sentence holding the match to a comma in the sentence before', () => {
    const body =
      '开关电源的设计要兼顾效率、体积与成本，工程师常常在这些目标之间权衡取舍并反复迭代验证。' +
      '调试时先测量输出纹波，确认没有异常振荡之后再测环路增益与相位裕量。' +
      '其余内容省略。'.repeat(10);
    const s = makeSnippet(body, ['环路增益']);
    expect(s.replace(/^…/, '').startsWith('调试时先测量输出纹波')).toBe(true);
    expect(s).toContain('环路增益');
    expect(s.replace(/…$/, '')).toMatch(/[。，；]$/);
  });
});

/**
 * The server's HTML allowlist: every payload of the XSS corpus comes out
 * without anything executable, and the markup of the seeded articles survives.
 */
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeRichText } from '../../src/server/services/lib/index.ts';
import { looksExecutable, XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';

describe('sanitizeRichText', () => {
  it('has a corpus of at least 100 distinct payloads, each of which the check catches raw', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    const caught = XSS_PAYLOADS.filter((p) => looksExecutable(p));
    // Text-only payloads (template syntax, escaped or URL-encoded script) are harmless as HTML.
    expect(caught.length).toBeGreaterThanOrEqual(120);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('neutralises %s', (payload) => {
    expect(looksExecutable(sanitizeRichText(payload))).toBe(false);
    expect(looksExecutable(sanitizeRichText(`<p>前文</p>${payload}<p>后文</p>`))).toBe(false);
  });

  it('keeps the markup of the seeded articles', () => {
    const body =
      '<h2>一、原理</h2><h3>1.1 结构</h3><p>文字<strong>加粗</strong><em>斜体</em></p>' +
      '<ul><li>甲</li></ul><ol><li>乙</li></ol><pre><code class="language-c">int a = 1;</code></pre>' +
      '<table><thead><tr><th>参数</th></tr></thead><tbody><tr><td>3.3V</td></tr></tbody></table>' +
      '<blockquote>引用</blockquote><img src="/media/a.png" alt="图" />';
    expect(sanitizeRichText(body)).toBe(body);
    expect(sanitizeRichText('<a href="https://example.com/x">链接</a>')).toBe(
      '<a href="https://example.com/x" rel="nofollow noopener noreferrer">链接</a>',
    );
  });

  it('drops layout classes and disallowed tags but keeps their text', () => {
    expect(sanitizeRichText('<code class="language-py big">x</code>')).toBe(
      '<code class="language-py">x</code>',
    );
    expect(sanitizeRichText('<div><span>文字</span></div>')).toBe('文字');
    expect(sanitizeRichText('<p style="color:red">红</p>')).toBe('<p>红</p>');
  });
});

describe('htmlToText', () => {
  it('returns the visible text with entities decoded and whitespace collapsed', () => {
    expect(htmlToText('<p>a &amp; b</p>\n<pre>x\n  y</pre><script>z</script>')).toBe('a & b x y');
  });
});

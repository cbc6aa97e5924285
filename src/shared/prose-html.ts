/**
 * Display-time touches to stored rich text (issue 29): a code block or table that scrolls
 * sideways on a phone must be reachable by keyboard, so each <pre> and <table> becomes a named
 * Tab stop (tabindex=0, role=region, 代码 / 表格). The stored, sanitised HTML is not changed.
 *
 * focusableScrollers('<pre class="x">a</pre>') → '<pre tabindex="0" role="region" aria-label="代码" class="x">a</pre>'
 */
export function focusableScrollers(html: string): string {
  return html
    .replace(/<pre(?=[\s>])/gi, '<pre tabindex="0" role="region" aria-label="代码"')
    .replace(/<table(?=[\s>])/gi, '<table tabindex="0" aria-label="表格"');
}

/**
 * Control characters never belong in what members write, and PostgreSQL
 * refuses NUL in text. Line feeds always stay; `keepTabs` also keeps tabs and
 * carriage returns (article HTML and code blocks use them).
 */
// The ranges are control characters on purpose: finding them is the point.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** stripControls('a\u0000b\tc\n') → 'abc\n'; with { keepTabs: true } → 'ab\tc\n' */
export function stripControls(s: string, opts: { keepTabs?: boolean } = {}): string {
  return s.replace(opts.keepTabs ? CONTROLS_BUT_TABS : CONTROLS, '');
}

/** escapeHtml('<a href="x">') → '&lt;a href=&quot;x&quot;&gt;' */
export function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A LIKE pattern for "contains" (lower case), its wildcards escaped: use with ESCAPE '\\'. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Pure text handling of site search: folding text for case- and
 * width-insensitive matching, HTML to plain text, the unigram/bigram tokens
 * that make one- and two-character Chinese queries indexable, query parsing,
 * and highlighting with every non-matched character HTML-escaped.
 */
import { escapeHtml, stripControls } from '../lib/index.ts';

/** Longest query a visitor can type (the header box's maxlength). */
export const MAX_WORD_LENGTH = 50;
/** Terms beyond this many are ignored: each one adds a condition to the query. */
export const MAX_TERMS = 6;
/** Shorter terms cannot use the trigram index and go to the n-gram index instead. */
export const TRIGRAM_MIN = 3;
/** Body text kept per document, in code points: enough for snippets and matching. */
export const MAX_BODY = 20_000;

const GRAM_CHAR = /^[\p{L}\p{N}]$/u;
// Whitespace and punctuation that separates terms; joiners such as + - . # / stay inside terms (C++, RS-485, 0.1uF).
const TERM_SEPARATOR = /[\s,;:!?"'()[\]{}<>|，。、；：！？“”‘’（）【】《》「」]+/u;

/**
 * Folds one code point for matching, always to exactly one code point so
 * positions in folded text are positions in the original: foldChar('Ｓ') → 's'.
 */
export function foldChar(ch: string): string {
  const n = ch.normalize('NFKC').toLowerCase();
  if (Array.from(n).length === 1) return n;
  const lower = ch.toLowerCase();
  return Array.from(lower).length === 1 ? lower : ch;
}

/** foldText('STM32Ｆ103') → 'stm32f103' (same number of code points as the input). */
export function foldText(s: string): string {
  return Array.from(s, foldChar).join('');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};
const BLOCK_TAG =
  /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|pre|blockquote|section|article|figure|figcaption|hr)\b[^>]*>/gi;

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X'))
    return String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 32);
  if (name.startsWith('#') && name !== '#39')
    return String.fromCodePoint(Number.parseInt(name.slice(1), 10) || 32);
  return ENTITIES[name] ?? entity;
}

/** htmlToText('<p>LM317 &amp; <b>LDO</b></p><p>x</p>') → 'LM317 & LDO x' */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text to at most n code points. */
export function clip(s: string, n: number): string {
  const cps = Array.from(s);
  return cps.length <= n ? s : cps.slice(0, n).join('');
}

/** Runs of letters and digits in folded text: gramRuns('rs-485 接口') → ['rs', '485', '接口']. */
function gramRuns(folded: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const ch of folded) {
    if (GRAM_CHAR.test(ch)) {
      run.push(ch);
    } else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Every distinct unigram and bigram of a text's letter/digit runs, the tokens
 * of the n-gram index: textGrams('定时器') → ['定', '定时', '时', '时器', '器'].
 */
export function textGrams(text: string): string[] {
  const out = new Set<string>();
  for (const run of gramRuns(foldText(text))) {
    for (let i = 0; i < run.length; i++) {
      out.add(run[i]!);
      if (i + 1 < run.length) out.add(run[i]! + run[i + 1]!);
    }
  }
  return [...out];
}

/** The bigrams (or lone unigrams) a long term's matches must contain; a pre-filter, not the match itself. */
export function termBigrams(term: string): string[] {
  const out = new Set<string>();
  for (const run of gramRuns(term)) {
    if (run.length === 1) out.add(run[0]!);
    for (let i = 0; i + 1 < run.length; i++) out.add(run[i]! + run[i + 1]!);
  }
  return [...out];
}

/**
 * One search term. `long` terms (≥3 code points) are matched as substrings
 * through the trigram index; short ones as one token of the n-gram index.
 * `needle` is what is looked for and highlighted, already folded.
 */
export interface SearchTerm {
  needle: string;
  long: boolean;
}

/** parseQuery(' STM32  定时 ') → [{ needle: 'stm32', long: true }, { needle: '定时', long: false }] */
export function parseQuery(word: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (const raw of foldText(clip(stripControls(word), MAX_WORD_LENGTH)).split(TERM_SEPARATOR)) {
    if (!raw) continue;
    const long = Array.from(raw).length >= TRIGRAM_MIN;
    // A short term is one index token, so it keeps only its letters and digits ('c#' → 'c').
    const needle = long ? raw : (gramRuns(raw)[0] ?? []).join('');
    if (!needle || seen.has(needle)) continue;
    seen.add(needle);
    terms.push({ needle, long });
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** Kept here for the search domain's callers; it lives in lib (text.ts) beside the other text helpers. */
export { escapeHtml };

/** [start, end) in code points of the text. */
export type Range = [number, number];

/** Where the needles occur in a text, as merged, sorted code-point ranges. */
export function matchRanges(text: string, needles: string[]): Range[] {
  const hay = Array.from(text, foldChar);
  const found: Range[] = [];
  for (const needle of needles) {
    const n = Array.from(needle);
    if (!n.length) continue;
    for (let i = 0; i + n.length <= hay.length; i++) {
      let j = 0;
      while (j < n.length && hay[i + j] === n[j]) j++;
      if (j === n.length) found.push([i, i + n.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of found) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** highlightHtml('a<b>LM317', ['lm317']) → 'a&lt;b&gt;<mark>LM317</mark>' */
export function highlightHtml(text: string, needles: string[]): string {
  const cps = Array.from(text);
  let html = '';
  let at = 0;
  for (const [start, end] of matchRanges(text, needles)) {
    html +=
      escapeHtml(cps.slice(at, start).join('')) +
      '<mark>' +
      escapeHtml(cps.slice(start, end).join('')) +
      '</mark>';
    at = end;
  }
  return html + escapeHtml(cps.slice(at).join(''));
}

/** Code points of context before the first match in a snippet, and the snippet's length. */
const SNIPPET_LEAD = 30;
const SNIPPET_LENGTH = 120;

/**
 * Where a snippet may start or end, best first: the end of a sentence, then
 * of a clause, then any space or punctuation. Each is looked for within its
 * own distance of the cut, so a snippet starts with a whole sentence when
 * one begins nearby rather than mid-phrase.
 */
const BOUNDARIES: [RegExp, number][] = [
  [/[。！？；!?;]/u, 36],
  [/[，、：,:）)】》”]/u, 20],
  [/[\s，。；：！？、,.;:!?()（）【】《》“”"'·]/u, 16],
];
/** Letters and digits of a Latin word or part number, which a cut must not split. */
const WORD = /[A-Za-z0-9_-]/;
/** How far a cut moves out of a Latin word when no boundary is near. */
const SNAP = 16;

/**
 * Moves a cut at `i` (between cps[i-1] and cps[i]) to the best boundary near
 * it that keeps `keep` inside the window (a start stays at or before it, an
 * end after it); with none near, out of a Latin word so a part number like
 * LM317 is never split.
 */
function snap(cps: string[], i: number, side: 'start' | 'end', keep: number): number {
  if (i <= 0 || i >= cps.length) return i;
  const allowed = (k: number) =>
    k > 0 && k < cps.length && (side === 'start' ? k <= keep : k > keep);
  for (const [boundary, reach] of BOUNDARIES)
    for (let d = 0; d <= reach; d++)
      for (const k of [i - d, i + d]) if (allowed(k) && boundary.test(cps[k - 1]!)) return k;
  let k = i;
  const splits = () => k > 0 && k < cps.length && WORD.test(cps[k - 1]!) && WORD.test(cps[k]!);
  for (let d = 0; d < SNAP * 2 && splits(); d++) k += side === 'start' ? -1 : 1;
  return splits() ? i : k;
}

/**
 * A window of the body around its first match (or its opening when only the
 * title matched), cut at spaces or punctuation where there are any nearby and
 * never inside a word, with … where it was cut.
 */
export function makeSnippet(body: string, needles: string[]): string {
  const cps = Array.from(body);
  const first = matchRanges(body, needles)[0]?.[0] ?? 0;
  let start =
    first <= SNIPPET_LEAD
      ? 0
      : Math.min(first - SNIPPET_LEAD, Math.max(0, cps.length - SNIPPET_LENGTH));
  if (start > 0) start = snap(cps, start, 'start', first);
  let end = Math.min(cps.length, start + SNIPPET_LENGTH);
  if (end < cps.length) end = snap(cps, end, 'end', first);
  const text = cps.slice(start, end).join('').trim();
  return (start > 0 ? '…' : '') + text + (end < cps.length ? '…' : '');
}

/**
 * The benchmark's yardstick (issue 30: an uncached render may cost at most about twice Astro's own
 * rendering of the same HTML): ArticlePage's props from the JSON file BENCH_YARDSTICK names,
 * written by the benchmark from the database it serves (scripts/bench-yardstick.ts). Read once per
 * process; without the variable there is no yardstick, and its page answers 404.
 */
import { readFile } from 'node:fs/promises';
import type { ArticlePageProps } from './article-page.ts';

const FILE = process.env.BENCH_YARDSTICK?.trim();

let props: Promise<ArticlePageProps> | undefined;

/** The fixed props, or null when the process was not started for the benchmark. */
export function yardstickProps(): Promise<ArticlePageProps> | null {
  if (!FILE) return null;
  props ??= readFile(FILE, 'utf8').then((text) => {
    const fixed = JSON.parse(text) as ArticlePageProps;
    // Without them the layout, ad slots and comments would query: no longer the yardstick.
    if (!fixed.parts) throw new Error(`BENCH_YARDSTICK: ${FILE} has no parts`);
    return fixed;
  });
  return props;
}

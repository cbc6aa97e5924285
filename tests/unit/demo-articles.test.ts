/**
 * Demo article bodies are written per topic (issue 15): no paragraph or list
 * item of one article appears in another, and every body is a real article
 * (at least three sections, at least 600 Chinese characters).
 */
import { describe, expect, it } from 'vitest';
import { ARTICLE_CLASSIFIES } from '../../src/server/db/seed/content/articles.ts';
import { composeBody } from '../../src/server/db/seed/articles.ts';

const articles = ARTICLE_CLASSIFIES.flatMap((c) => c.articles);
const bodies = articles.map((a, i) => ({ title: a.title, html: composeBody(a, i) }));
const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();

describe('demo article bodies', () => {
  it('share no paragraph, list item or table row between articles', () => {
    const seen = new Map<string, string>();
    for (const b of bodies)
      for (const m of b.html.matchAll(/<(p|li|tr)>([\s\S]*?)<\/\1>/g)) {
        const t = text(m[2]!);
        if ([...t].length <= 30) continue;
        const other = seen.get(t);
        expect(
          other === undefined || other === b.title,
          `"${t.slice(0, 40)}…" in ${other} and ${b.title}`,
        ).toBe(true);
        seen.set(t, b.title);
      }
  });

  it('each has sections of its own and real length', () => {
    for (const b of bodies) {
      expect(b.html.match(/<h2>/g)?.length ?? 0, b.title).toBeGreaterThanOrEqual(3);
      // Counted in Chinese characters, as the seed test does.
      expect(text(b.html).match(/[\u4e00-\u9fff]/g)?.length ?? 0, b.title).toBeGreaterThanOrEqual(
        600,
      );
    }
  });
});

/**
 * Accessibility scans for the browser tests (issue 29): axe-core in the page under test, with
 * the WCAG 2.0 A/AA, 2.1 AA and 2.2 AA rules, collecting violations as readable lines (page,
 * rule, target) so one test can scan many pages and fail once with the whole list.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** One violation node as a line: where, which rule, which element, and axe's summary. */
export type Finding = string;

/** Runs axe over the page as it is now; answers one line per violating node. */
export async function axeFindings(
  page: Page,
  where: string,
  scope: { include?: string; frames?: boolean } = {},
): Promise<Finding[]> {
  let builder = new AxeBuilder({ page });
  // Within this page alone: its frames skipped, and no helper page (whose timers a test's
  // frozen clock would stop) to merge their results in.
  if (scope.frames === false) builder = builder.options({ iframes: false }).setLegacyMode(true);
  builder = builder.withTags(AXE_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  const result = await builder.analyze();
  const lines: Finding[] = [];
  for (const v of result.violations)
    for (const node of v.nodes) {
      const summary = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      lines.push(`${where} · ${v.id} · ${node.target.join(' ')} · ${summary}`);
    }
  return lines;
}

/**
 * Opens a page and brings it to what a reader sees after looking through it: the ads fetched,
 * every slot scrolled past (slots mount when seen), every island hydrated, back at the top.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const ads = page.waitForResponse((r) => r.url().includes('/api/roll_image/list'));
  await page.goto(path);
  await ads;
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  // The height when the walk starts: lists that load more at their end would grow it forever.
  const [end, step] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    innerHeight / 2,
  ]);
  for (let y = 0; y < end; y += step) await page.evaluate((to) => scrollTo(0, to), y);
  // A quick walk can jump past a small island between two frames, so its observer never saw
  // it: bring each one still waiting into view and wait until it hydrates. An island is
  // `display: contents` (no box of its own): its first child is what is scrolled to and what
  // Astro's observer watches. One with nothing rendered yet has nothing to see or scan.
  // Each is held by its own uid: once hydrated it leaves the list of those still waiting.
  for (;;) {
    const uid = await page.evaluate(
      () => document.querySelector('astro-island[ssr]:has(> *)')?.getAttribute('uid') ?? null,
    );
    if (uid === null) break;
    const island = page.locator(`astro-island[uid="${uid}"]`);
    await island.evaluate((el) => el.firstElementChild?.scrollIntoView({ block: 'center' }));
    await expect(island).not.toHaveAttribute('ssr', '');
  }
  await page.evaluate(() => scrollTo(0, 0));
}

/** Fails with the whole list, one finding a line, when any scan found anything. */
export function expectNoFindings(findings: Finding[]): void {
  expect(findings, `${findings.length} axe violation nodes:\n${findings.join('\n')}`).toEqual([]);
}

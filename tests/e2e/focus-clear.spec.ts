/**
 * Issue 29, "overlays never cover the focused element" (WCAG 2.4.11), in Chromium at 1366 px:
 * Tab walks every stop of a page while the two corner window ads float at the bottom of the
 * screen, and of the home page while a member's 继续学习 card floats there; after each Tab the
 * focused control lies clear of every overlay that does not hold it. The page end gets room, so
 * even the last footer links can rise above a window.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginFresh } from './members-support.ts';
import { asOwnClient, firstInput } from './support.ts';

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** Tabs through the page until focus comes round again; answers the stops found under an overlay. */
async function coveredStops(
  page: Page,
  overlays: string,
): Promise<{ stops: number; covered: string[] }> {
  const covered: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((selector) => {
      const a = document.activeElement;
      if (!a || a === document.body) return null;
      const r = a.getBoundingClientRect();
      // Covered: at its centre or an inner corner, an overlay that does not hold it lies on top.
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      const hit = points.some(([x, y]) => {
        if (x! < 0 || y! < 0 || x! >= innerWidth || y! >= innerHeight) return false;
        const top = document.elementFromPoint(x!, y!);
        const over = top?.closest(selector);
        return Boolean(over && !over.contains(a) && !a.contains(top));
      });
      const name = `${a.tagName.toLowerCase()} ${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 30)} @${Math.round(r.top + scrollY)}:${Math.round(r.left)}`;
      return { name, hit };
    }, overlays);
    if (!at) continue;
    // Round again at the first stop; a frame's own stops repeat its element, counted once.
    if (seen.size > 1 && at.name === seen.values().next().value) break;
    if (seen.has(at.name)) continue;
    seen.add(at.name);
    stops++;
    if (at.hit) covered.push(at.name);
  }
  return { stops, covered };
}

/**
 * /articles with its two corner window ads shown. Overlays skip automated browsers, so the page
 * is shown as an ordinary one; the centre pop-up was seen a moment ago, so it does not take the
 * keyboard.
 */
async function articlesWithWindows(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
    localStorage.setItem('centreAdShownAt', String(Date.now()));
  });
  await page.goto('/articles');
  await firstInput(page);
  const windows = page.locator('[data-ad-window]');
  await expect(windows).toHaveCount(2);
  await expect(windows.first()).toBeVisible();
  return windows;
}

test('no Tab stop of an article list rests under a corner window ad', async ({ page }) => {
  const windows = await articlesWithWindows(page);
  // Room at the page end for the tallest window.
  const room = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  const tallest = await windows.first().evaluate((w) => w.getBoundingClientRect().height);
  expect(room).toBeGreaterThan(tallest);

  const { stops, covered } = await coveredStops(page, '[data-ad-window]');
  expect(stops).toBeGreaterThan(40);
  expect(covered).toEqual([]);

  // Closing both windows gives the room back.
  for (const w of await windows.all()) await w.locator('[data-ad-close]').click();
  await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe('');
});

test('a corner window ad focused by Tab closes on Escape or 关闭, and focus goes back, not to the body', async ({
  page,
}) => {
  const windows = await articlesWithWindows(page);
  /**
   * Tabs on until focus is inside `slot`; answers the name of the last stop focus held before it.
   * On a loaded machine focus was once seen on the body for a moment between 回到顶部 and the
   * window (CI); the body is no stop, and the page, like Tab, goes on from the last real one.
   */
  const tabInto = async (slot: typeof windows) => {
    let before = '';
    for (let i = 0; i < 400; i++) {
      const now = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return a && a !== document.body ? (a.getAttribute('aria-label') ?? a.outerHTML) : '';
      });
      if (await slot.evaluate((s) => s.contains(document.activeElement))) return before;
      if (now) before = now;
      await page.keyboard.press('Tab');
    }
    throw new Error('Tab never reached the window ad');
  };
  const focusedName = () =>
    page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return a && a !== document.body ? (a.getAttribute('aria-label') ?? a.outerHTML) : 'body';
    });

  // The first window: Escape closes it and focus is back on the stop before it.
  const first = windows.first();
  const before = await tabInto(first);
  expect(before).not.toBe('');
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  expect(await focusedName()).toBe(before);
  // The second: its 关闭 button by Enter; focus again on the stop before the window.
  const second = windows.nth(1);
  const beforeSecond = await tabInto(second);
  while (
    !(await page.evaluate(() => document.activeElement?.hasAttribute('data-ad-close') ?? false))
  )
    await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('关闭右下角窗口广告');
  await page.keyboard.press('Enter');
  await expect(second).toBeHidden();
  expect(await focusedName()).toBe(beforeSecond);
});

test('no Tab stop of the home page rests under the 继续学习 card', async ({ page }) => {
  await loginFresh(page);
  await page.addInitScript(() => localStorage.setItem('centreAdShownAt', String(Date.now())));
  const list = (await (await page.request.get('/api/article/list?type=2&size=1')).json()) as {
    data: { list: { id: number }[] };
  };
  const saved = await page.request.post('/api/reading/progress', {
    form: { articleId: String(list.data.list[0]!.id), paragraph: '2', percent: '20' },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);
  await page.goto('/');
  const card = page.getByRole('complementary', { name: '继续学习' });
  await expect(card).toBeVisible();
  const { stops, covered } = await coveredStops(page, '.continue-card');
  expect(stops).toBeGreaterThan(40);
  expect(covered).toEqual([]);
});

test('closing the centre pop-up leaves the page where it was, windows shown', async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
  await page.goto('/articles');
  await firstInput(page);
  await expect(page.locator('[data-ad-window]')).toHaveCount(2);
  const popup = page.locator('[data-ad-popup]');
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  // Focus goes back to the main content, which is taller than the room above the windows:
  // it is not "scrolled clear", which would throw the reader to the end of the page.
  await expect(page.locator('#main')).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

/**
 * Issue 24, "Overlaps": nothing a reader needs sits on anything else, at a
 * phone's 360 px and a laptop's 1366 px. Geometry, not pixels: carousel page
 * buttons stay off the creative, status badges off the cover (the demo covers
 * draw their title in the picture), short-video covers show whole, headings
 * keep off the screen's edge, 忘记密码？ holds one line and the search
 * placeholder fits its box.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every carousel button of the slot lies outside the slot's creative box. */
async function navClearOfCreative(page: Page, slotType: number): Promise<void> {
  const slot = page.locator(`aside[data-ad-slot="${slotType}"]`);
  await slot.scrollIntoViewIfNeeded();
  const buttons = page
    .locator(`[data-ad-slot="${slotType}"] ~ [data-ad-controls] button`)
    .or(slot.locator('.ad-nav button'));
  await expect(buttons.first()).toBeVisible();
  expect(await buttons.count()).toBeGreaterThanOrEqual(4); // ‹, 第 1…N 张, ›
  const creative = (await slot.boundingBox())!;
  for (const b of await buttons.all()) {
    const box = (await b.boundingBox())!;
    expect(intersects(box, creative), `${await b.getAttribute('aria-label')} 在广告图上`).toBe(
      false,
    );
  }
}

/** Rendered width/height of each image equals its picture's own (nothing cropped away). */
async function shownWhole(images: Locator): Promise<void> {
  await expect(images.first()).toBeVisible();
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    const [shown, natural] = await img.evaluate((i: HTMLImageElement) => {
      const r = i.getBoundingClientRect();
      return [r.width / r.height, i.naturalWidth / i.naturalHeight];
    });
    expect(shown).toBeCloseTo(natural, 1);
  }
}

for (const width of [360, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('carousel buttons sit under the creative, not on its text or buttons', async ({
      page,
    }) => {
      await page.goto('/');
      await navClearOfCreative(page, 1); // the home carousel
      await navClearOfCreative(page, 75); // the footer banner, on every page
      await page.goto('/article/1');
      await navClearOfCreative(page, 75);
      // The article's right-column ad: its buttons (when it rotates) are off it too.
      const right = page.locator('aside[data-ad-slot="90"]');
      if (await right.isVisible()) {
        await right.scrollIntoViewIfNeeded();
        const box = (await right.boundingBox())!;
        for (const b of await right.locator('.ad-nav button').all())
          expect(intersects((await b.boundingBox())!, box)).toBe(false);
      }
    });

    test('status badges sit beside the title, off the cover picture', async ({ page }) => {
      for (const [path, badge] of [
        ['/', '.cards .badge'],
        ['/live', '.live-card .status'],
      ] as const) {
        await page.goto(path);
        const badges = page.locator(badge);
        expect(await badges.count(), path).toBeGreaterThan(0);
        for (const b of await badges.all()) {
          // Broadcasts other tests create have no cover: only cards with a picture are checked.
          const covers = b.locator('xpath=ancestor::*[self::li or self::article][1]//img');
          if ((await covers.count()) === 0) continue;
          await b.scrollIntoViewIfNeeded();
          const cover = (await covers.first().boundingBox())!;
          expect(intersects((await b.boundingBox())!, cover)).toBe(false);
        }
      }
    });

    test('the home 短视频 row shows each cover whole, and the course header its own', async ({
      page,
    }) => {
      await page.goto('/');
      await shownWhole(page.locator('#shortvideos img'));
      await page.goto('/coursedetail?id=1');
      await shownWhole(page.locator('.detail-head img'));
    });

    test('the search placeholder fits its box', async ({ page }) => {
      await page.goto('/');
      const input = page.locator('#site-search');
      const [text, room] = await input.evaluate((i: HTMLInputElement) => {
        const cs = getComputedStyle(i);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = cs.font;
        return [
          ctx.measureText(i.placeholder).width,
          i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
        ];
      });
      expect(text).toBeLessThanOrEqual(room);
    });

    test('忘记密码？ stays on one line in the login dialog', async ({ page }) => {
      await page.goto('/');
      await page.locator('[data-login]').first().click();
      const link = page.locator('dialog.login-dialog').getByRole('link', { name: '忘记密码？' });
      await expect(link).toBeVisible();
      const [height, lineHeight] = await link.evaluate((a) => {
        const cs = getComputedStyle(a);
        const lh = parseFloat(cs.lineHeight);
        return [
          a.getBoundingClientRect().height,
          Number.isNaN(lh) ? parseFloat(cs.fontSize) * 1.6 : lh,
        ];
      });
      expect(height).toBeLessThanOrEqual(lineHeight + 1);
    });
  });
}

test.describe('at 360 px, headings and breadcrumbs', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  test('keep at least 12 px from the left edge', async ({ page }) => {
    for (const path of [
      '/courselist',
      '/coursedetail?id=1',
      '/live',
      '/articlelist',
      '/resources',
    ]) {
      await page.goto(path);
      const lefts = await page
        .locator('h1:not(.visually-hidden), nav.crumbs, h2')
        .evaluateAll((els) =>
          els
            .filter((e) => e.getBoundingClientRect().width > 0)
            .map(
              (e) => [e.textContent?.trim().slice(0, 12), e.getBoundingClientRect().left] as const,
            ),
        );
      expect(lefts.length, path).toBeGreaterThan(0);
      for (const [text, left] of lefts) expect(left, `${path} ${text}`).toBeGreaterThanOrEqual(12);
    }
  });
});

/**
 * Pages read query strings too (issue 13: no 5xx from malformed input): the
 * built server answers hostile query values with a page or a redirect.
 */
import { expect, test } from '@playwright/test';

const HOSTILE = ['%00', 'a%00b', '%ED%A0%80', '%FF', '%', `${'x'.repeat(5000)}`, '-1', '1e400'];
const PAGES = [
  '/searchlist?word=',
  '/courselist?word=',
  '/articlelist?type=',
  '/articledetail?id=',
  '/coursedetail?id=',
  '/livedetail?id=',
  '/bigcolumn?id=',
  '/columndetail?id=',
  '/shortvideodetail?id=',
  '/videodetail?id=',
  '/notificationdetail?id=',
  '/exam?id=',
  '/aboutus?index=',
  '/transformPage?to=',
  '/regeister?code=',
];

test('no page answers 5xx to a hostile query value', async ({ request }) => {
  const failures: string[] = [];
  for (const page of PAGES) {
    for (const value of HOSTILE) {
      const res = await request.get(page + value, { maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${page}${value.slice(0, 20)} → ${res.status()}`);
    }
  }
  expect(failures).toEqual([]);
});

/** The path forms of issue 25 read their steps from the path: the same values there. */
const PATH_PAGES = [
  '/live/',
  '/video/',
  '/short/',
  '/bigcolumn/',
  '/exam/',
  '/aboutus/',
  '/articles/c/',
  '/articles/t/2/page/',
  '/courses/label/',
  '/shortvideo/t/',
];

test('no path page answers 5xx to a hostile step', async ({ request }) => {
  const failures: string[] = [];
  for (const page of PATH_PAGES) {
    for (const value of HOSTILE) {
      const res = await request.get(page + value, { maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${page}${value.slice(0, 20)} → ${res.status()}`);
    }
  }
  expect(failures).toEqual([]);
});

test('a search with a NUL in the word finds what the word without it finds', async ({ page }) => {
  await page.goto('/searchlist?word=LM3%0017');
  await expect(page.locator('main')).toContainText('LM317');
});

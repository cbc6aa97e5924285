/** Helpers of the media browser tests: log in as a demo member, read a <video>'s time. */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  demoMediaUrl,
  lessonKey,
  liveKey,
} from '../../src/server/db/seed/content/media-manifest.ts';

/** Logs the page's context in as the first demo member (cookie + the spec's local-storage copy). */
export async function loginMember(page: Page, mobile = '13800138001'): Promise<void> {
  const res = await page.request.post('/api/user/login', {
    form: { mobile, password: 'Demo@2026' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  await page.goto('/aboutus');
  await page.evaluate((m) => localStorage.setItem('mobile', m), mobile);
}

/** The current time of a video element, in seconds. */
export function timeOf(video: Locator): Promise<number> {
  return video.evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** Waits until the video's time passes `seconds`. */
export async function playsPast(video: Locator, seconds: number, timeout = 60_000): Promise<void> {
  await expect.poll(() => timeOf(video), { timeout }).toBeGreaterThan(seconds);
}

/** A demo broadcast's recording (1-based), as the seed lists it: sealed, played through a grant. */
export function demoLiveMedia(n: number): string {
  return demoMediaUrl(liveKey(n - 1));
}

/** A demo lesson's media (course and lesson 1-based), as the seed lists it: sealed. */
export function demoLessonMedia(course: number, lesson: number): string {
  return demoMediaUrl(lessonKey(course - 1, lesson - 1));
}

/**
 * Starts a player muted (autoplay rules allow it), as a viewer's click would, and waits until it
 * passes `seconds`. A play() made while the player is still attaching its stream is cut short
 * by that load ("interrupted by a new load request"), so a paused player is asked again at each
 * look until it plays.
 */
export async function playMutedPast(video: Locator, seconds: number): Promise<void> {
  await expect
    .poll(
      () =>
        video.evaluate((v: HTMLVideoElement) => {
          v.muted = true;
          if (v.paused && !v.ended) void v.play().catch(() => undefined);
          return v.currentTime;
        }),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(seconds);
}

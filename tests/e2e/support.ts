/** Helpers for browser tests: demo accounts and the demo-mode dev endpoints. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_MEMBER = '13800138001';

/** A phone no other test uses: 139 + 8 digits from a counter and the worker. */
let counter = 0;
export function freshPhone(): string {
  counter++;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

/**
 * Waits for the next captcha the page fetches and resolves to its answer,
 * read from the demo-mode dev endpoint. Call before the action that fetches it.
 */
export function nextCaptchaAnswer(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/getCaptcha'))
    .then(async (r) => {
      const { data } = (await r.json()) as { data: { captchaId: string } };
      const res = await page.request.get(`/api/dev/captcha/${data.captchaId}`);
      return ((await res.json()) as { data: { answer: string } }).data.answer;
    });
}

/** The latest SMS code sent to a phone (demo mode's development outbox). */
export async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get(`/api/dev/sms-outbox?mobile=${mobile}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  expect(body.code).toBe(200);
  return body.data.code;
}

/** Waits for a toast with exactly this text (spec 8 messages). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(
    page
      .locator('#toast-host .toast')
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
  ).toBeVisible();
}

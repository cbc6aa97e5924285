/** Helpers for browser tests: demo accounts and the demo-mode dev endpoints. */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { PRESENCE_COOKIE, STORAGE_KEYS } from '../../src/shared/constants.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_MEMBER = '13800138001';
/**
 * The islands' UI runtime (Preact and its React compatibility layer, astro.config.mjs) as the
 * client build names its chunks: a page that hydrates no island requests none of them.
 */
export const UI_RUNTIME = /\/_astro\/(?:preact|hooks|jsxRuntime)\.module\.[\w-]+\.js$/;

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

/** Waits until every island on the page has hydrated (Astro drops the `ssr` attribute). */
export async function hydrated(page: Page): Promise<void> {
  // A client:member or client:near island hydrates at once only where the browser holds a login;
  // for a visitor it waits until it comes near the viewport, or is called on (a click, a link:
  // src/client/directives/member.ts and near.ts, client/presence.ts).
  const member = await page.evaluate(
    ([cookie, key]) =>
      document.cookie.split(/;\s*/).some((c) => c.startsWith(`${cookie}=`)) ||
      Boolean(localStorage.getItem(key!)),
    [PRESENCE_COOKIE, STORAGE_KEYS.mobile],
  );
  const waiting = member
    ? 'astro-island[ssr]'
    : 'astro-island[ssr]:not([client="member"]):not([client="near"])';
  await expect(page.locator(waiting)).toHaveCount(0);
}

/** Closes the member notice pop-up (shown once per notice per member) whenever it covers the page. */
export async function dismissNoticePopups(page: Page): Promise<void> {
  // Several notices come one after another (other tests publish pop-up notices too): close
  // each until none is left, or the handler's wait for the pop-up to go would never end.
  await page.addLocatorHandler(page.locator('.notice-popup'), async (popup) => {
    // A click in the page, not a locator's (which would wait for a button already gone).
    for (let i = 0; i < 200 && (await popup.isVisible()); i++)
      await popup
        .page()
        .evaluate(() => document.querySelector<HTMLButtonElement>('.notice-popup button')?.click());
  });
}

/** Registers (and logs in) a new member by SMS code through the API, as the dialog would. */
export async function registerByCode(request: APIRequestContext, phone: string): Promise<void> {
  const cap = (await (
    await request.post('/api/getCaptcha', { data: { captchaType: 0 } })
  ).json()) as { data: { captchaId: string } };
  const ans = (await (await request.get(`/api/dev/captcha/${cap.data.captchaId}`)).json()) as {
    data: { answer: string };
  };
  const sent = await request.post('/api/user/sendCode', {
    form: {
      mobile: phone,
      areaNum: '86',
      type: '1',
      captcha: ans.data.answer,
      captchaId: cap.data.captchaId,
    },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(200);
  const login = await request.post('/api/user/loginCode', {
    data: { mobile: phone, areaNum: '86', code: await smsCode(request, phone) },
  });
  expect(((await login.json()) as { data: { registered: boolean } }).data.registered).toBe(true);
}

let clients = 0;
/**
 * Makes each test a different client address (the e2e server trusts
 * X-Forwarded-For, as behind nginx), so per-IP limits apply per test the way
 * they would per visitor, instead of adding up across the whole suite.
 */
export async function asOwnClient(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders(ownClientHeaders());
}

/** Headers giving a request context an address of its own (per-address limits, as asOwnClient). */
export function ownClientHeaders(): Record<string, string> {
  clients++;
  const ip = `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  return { 'x-forwarded-for': ip };
}

/**
 * The reader's first input (a key pressed and released): overlay ads (the corner windows and the
 * centre pop-up) wait for it, so that they are never the page's largest contentful paint.
 * Under Playwright's clock `performance` is faked, so the script cannot see an earlier input.
 */
export async function firstInput(page: Page): Promise<void> {
  // The ad script has its ads and waits (it marks the page), so the key is not pressed too early.
  await expect(page.locator('html')).toHaveAttribute('data-overlays', 'waiting');
  await page.keyboard.press('Shift');
}

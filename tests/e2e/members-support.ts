/** Helpers of the member-feature browser tests: logging in a page, API tokens, admin review. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, freshPhone, smsCode } from './support.ts';
import { MSG } from '../../src/shared/messages.ts';

export const ADMIN = '13800138000';

/**
 * Logs the page's browser context in as this member (cookie + localStorage
 * `mobile`). Pending pop-up notices are taken first unless a test wants them,
 * so they do not cover what the test clicks.
 */
export async function loginPage(page: Page, mobile: string, keepNotices = false): Promise<void> {
  const res = await page.request.post('/api/user/login', {
    form: { mobile, password: DEMO_PASSWORD },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  if (!keepNotices) await dismissNotices(page.request);
  await page.goto('/aboutus');
  await page.evaluate((m) => localStorage.setItem('mobile', m), mobile);
}

/** A bearer token for API calls made outside any page. */
export async function tokenFor(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.post('/api/user/login', { form: { mobile, password: DEMO_PASSWORD } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token;
}

/** Calls the API with a bearer token; returns the envelope. */
export async function call<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  form: Record<string, string> = {},
): Promise<{ code: number; message: string; data: T }> {
  const headers = { authorization: `Bearer ${token}` };
  const res =
    method === 'get'
      ? await request.get(`${path}?${new URLSearchParams(form)}`, { headers })
      : await request.post(path, { form, headers });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** The first published article's id, from the public list. */
export async function firstArticleId(request: APIRequestContext, index = 0): Promise<number> {
  const res = await request.get('/api/article/list?type=2&size=10');
  const body = (await res.json()) as { data: { list: { id: number }[] } };
  return body.data.list[index]!.id;
}

/** Waits until the island holding this element has hydrated (Astro drops its `ssr` attribute). */
export async function islandReady(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
}

/**
 * Registers a new member by SMS code (demo mode's dev captcha and outbox) and
 * logs the page in as them, so no other test's account changes can interfere.
 */
export async function loginFresh(page: Page, keepNotices = false): Promise<string> {
  const { phone } = await freshMember(page.request);
  if (!keepNotices) await dismissNotices(page.request);
  await page.goto('/aboutus');
  await page.evaluate((m) => localStorage.setItem('mobile', m), phone);
  return phone;
}

/**
 * A new member registered by SMS code, with its session token (the request context holds its
 * cookie too). Tests that post as members use these, not the demo accounts: another test's
 * wrong passwords can put a demo account behind the captcha (issue 24's per-account ceiling).
 */
export async function freshMember(
  request: APIRequestContext,
): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
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
  // Said here when the code was refused (a limit, a wrong captcha), not as a failed login later.
  expect(((await sent.json()) as { message: string }).message).toBe(MSG.codeSent);
  const login = await request.post('/api/user/loginCode', {
    data: { mobile: phone, areaNum: '86', code: await smsCode(request, phone) },
  });
  const body = (await login.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return { phone, token: body.data.token };
}

/** Closes every waiting pop-up notice, as the member's 我知道了 does, so none covers what a test clicks. */
export async function dismissNotices(request: APIRequestContext): Promise<void> {
  const res = await request.get('/api/notice/qryUserNotice');
  const { data } = (await res.json()) as { data: { notices: { id: number }[] } };
  for (const n of data.notices)
    await request.post('/api/notice/popup/seen', { form: { id: String(n.id) } });
}

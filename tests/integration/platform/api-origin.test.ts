/**
 * A separate API origin (issue 14, API_ORIGIN): the site's own origins (its SITE_URL and the
 * partner zones listed in the database) may call the API with the member's cookie; any other
 * origin gets no CORS answer, and without API_ORIGIN the API answers no CORS at all.
 * Writes with the cookie come from those origins only (issue 24): another host under the
 * parent domain (`Sec-Fetch-Site: same-site`) is refused, staff routes included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../src/shared/constants.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let plain: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({
    config: {
      apiOrigin: 'https://api.xinxuetang.local',
      siteUrl: 'https://www.xinxuetang.local',
      cookieDomain: 'xinxuetang.local',
    },
  });
  plain = await createTestRuntime({ seed: false });
});
afterAll(async () => {
  await rt.close();
  await plain.close();
});

const preflight = (app: TestRuntime['app'], origin: string) =>
  app.request('/api/user/information', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });

describe('API_ORIGIN and CORS', () => {
  it('lets the site and its partner zones call with credentials', async () => {
    for (const origin of ['https://www.xinxuetang.local', 'https://huaxin-semi.xinxuetang.local']) {
      const res = await preflight(rt.app, origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('gives any other origin no CORS answer', async () => {
    for (const origin of [
      'https://evil.example',
      'https://xinxuetang.local.evil.example',
      'https://evil.xinxuetang.local',
      'null',
    ]) {
      const res = await preflight(rt.app, origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('a member’s cookie works from a zone origin, and the answer is readable there', async () => {
    const token = await rt.tokenFor(DEMO.members[0]);
    const res = await rt.app.request('/api/user/information', {
      method: 'POST',
      headers: {
        origin: 'https://huaxin-semi.xinxuetang.local',
        'sec-fetch-site': 'same-site',
        cookie: `${SESSION_COOKIE}=${token}`,
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(
      'https://huaxin-semi.xinxuetang.local',
    );
    const body = (await res.json()) as { code: number; data: { info: { mobile: string } } };
    expect(body.code).toBe(200);
    expect(body.data.info.mobile).toBe(DEMO.members[0]);
  });

  it('refuses writes from any other host of the parent domain, staff routes included; nothing is stored', async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const word = `同站攻击${Date.now() % 100000}`;
    const write = (headers: Record<string, string>) =>
      rt.app.request('/api/admin/moderation/word/add', {
        method: 'POST',
        headers: {
          cookie: `${SESSION_COOKIE}=${admin}`,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams({ word }).toString(),
      });
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.xinxuetang.local', 'sec-fetch-site': 'same-site' },
      { origin: 'https://xinxuetang.local', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const body = (await (await write(headers)).json()) as { code: number; message: string };
      expect(body, JSON.stringify(headers)).toEqual({
        code: 403,
        message: '请求来源不被允许',
        data: null,
      });
    }
    const stored = await rt.db
      .selectFrom('moderation_words')
      .select('word')
      .where('word', '=', word)
      .execute();
    expect(stored).toEqual([]);
    // From the site itself, and from a partner zone listed in the database, it is done.
    const ok = (await (
      await write({ origin: 'https://www.xinxuetang.local', 'sec-fetch-site': 'same-site' })
    ).json()) as { code: number };
    expect(ok.code).toBe(200);
    const zone = (await (
      await rt.app.request('/api/user/information', {
        method: 'POST',
        headers: {
          cookie: `${SESSION_COOKIE}=${admin}`,
          origin: 'https://beichen-auto.xinxuetang.local',
          'sec-fetch-site': 'same-site',
        },
      })
    ).json()) as { code: number };
    expect(zone.code).toBe(200);
  });

  it('without API_ORIGIN the API answers no CORS', async () => {
    const res = await preflight(plain.app, 'https://www.xinxuetang.local');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

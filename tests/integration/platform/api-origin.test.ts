/**
 * A separate API origin (issue 14, API_ORIGIN): the site's own origins (its
 * SITE_URL and hosts under the parent cookie domain, partner zones included)
 * may call the API with the member's cookie; any other origin gets no CORS
 * answer, and without API_ORIGIN the API answers no CORS at all.
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
    for (const origin of ['https://www.xinxuetang.local', 'https://ti.xinxuetang.local']) {
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
        origin: 'https://ti.xinxuetang.local',
        'sec-fetch-site': 'same-site',
        cookie: `${SESSION_COOKIE}=${token}`,
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://ti.xinxuetang.local');
    const body = (await res.json()) as { code: number; data: { info: { mobile: string } } };
    expect(body.code).toBe(200);
    expect(body.data.info.mobile).toBe(DEMO.members[0]);
  });

  it('without API_ORIGIN the API answers no CORS', async () => {
    const res = await preflight(plain.app, 'https://www.xinxuetang.local');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

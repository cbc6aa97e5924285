/**
 * One login state everywhere (issue 15): beside the HttpOnly session cookie
 * the server sets a script-readable presence cookie ('1', no secret) with the
 * same domain and expiry, so every host under the parent domain (main site
 * and partner zones) knows a member is logged in; quitting clears both, and a
 * presence cookie that outlived its session is cleared by the next API call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ config: { cookieDomain: 'xxt.example' } });
});
afterAll(async () => {
  await rt.close();
});

function login(host: string, cookie = '') {
  return rt.app.request('/api/user/login', {
    method: 'POST',
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ mobile: DEMO.members[0], password: DEMO.password }).toString(),
  });
}

const named = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`));

describe('the presence cookie', () => {
  it('a login on a partner zone sets it for the whole parent domain, beside the token', async () => {
    const res = await login('ti.xxt.example');
    const cookies = res.headers.getSetCookie();
    const token = named(cookies, 'xxt_token')!;
    const presence = named(cookies, 'xxt_in')!;
    expect(token).toMatch(/HttpOnly/i);
    expect(presence).toMatch(/^xxt_in=1;/);
    expect(presence).not.toMatch(/HttpOnly/i);
    expect(presence).toMatch(/Domain=xxt\.example/i);
    expect(token).toMatch(/Domain=xxt\.example/i);
    // Same lifetime as the session.
    expect(presence.match(/Expires=([^;]+)/i)![1]).toBe(token.match(/Expires=([^;]+)/i)![1]);
    // Nothing of the token is in it.
    const value = token.split(';')[0]!.split('=')[1]!;
    expect(presence).not.toContain(value);
  });

  it('quitting clears both', async () => {
    const res = await login('www.xxt.example');
    const token = named(res.headers.getSetCookie(), 'xxt_token')!.split(';')[0]!;
    const out = await rt.app.request('/api/user/logout', {
      method: 'POST',
      headers: { host: 'www.xxt.example', cookie: `${token}; xxt_in=1` },
    });
    const cleared = out.headers.getSetCookie();
    expect(named(cleared, 'xxt_token')).toMatch(/Max-Age=0/i);
    expect(named(cleared, 'xxt_in')).toMatch(/Max-Age=0/i);
    expect(named(cleared, 'xxt_in')).toMatch(/Domain=xxt\.example/i);
  });

  it('a presence cookie without a valid session is cleared by the next call', async () => {
    const res = await rt.app.request('/api/user/information', {
      method: 'POST',
      headers: { host: 'www.xxt.example', cookie: 'xxt_token=expired; xxt_in=1' },
    });
    expect(((await res.json()) as { code: number }).code).toBe(401);
    expect(named(res.headers.getSetCookie(), 'xxt_in')).toMatch(/Max-Age=0/i);
    // A logged-in call leaves it alone.
    const ok = await login('www.xxt.example');
    const token = named(ok.headers.getSetCookie(), 'xxt_token')!.split(';')[0]!;
    const info = await rt.app.request('/api/user/information', {
      method: 'POST',
      headers: { host: 'www.xxt.example', cookie: `${token}; xxt_in=1` },
    });
    expect(((await info.json()) as { code: number }).code).toBe(200);
    expect(info.headers.getSetCookie()).toEqual([]);
  });

  it('a login made with a stale presence cookie keeps the fresh one', async () => {
    const res = await login('www.xxt.example', 'xxt_in=1');
    const presence = res.headers.getSetCookie().filter((c) => c.startsWith('xxt_in='));
    expect(presence).toHaveLength(1);
    expect(presence[0]).toMatch(/^xxt_in=1;/);
  });
});

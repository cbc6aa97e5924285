/**
 * WeChat QR login with the development provider: the redirect with a host
 * parameter, single-use expiring states, binding an unbound identity by SMS
 * code, then direct login; return paths kept on-site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/server/services/accounts/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';
import { call, lastCode, logsLeak, sendCode, wxCallback, wxStart } from '../../support/accounts.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({
    config: { siteUrl: 'https://www.xxt.example', cookieDomain: 'xxt.example' },
  });
});
afterAll(async () => {
  await rt.close();
});

/** Starts a login and answers the provider URL. */
async function start(path?: string, origin?: string) {
  const { url, cacheControl } = await wxStart(rt, path, origin);
  expect(cacheControl).toContain('no-store');
  return url;
}
const callback = (code: string, state: string) => wxCallback(rt, code, state);

describe('development WeChat provider', () => {
  it('redirects on-site with a dev code, the state and the host', async () => {
    const url = await start('/api/user/wx/login?redirect=/live', 'https://zone1.xxt.example');
    expect(url.pathname).toBe('/wxredirect');
    expect(url.searchParams.get('provider')).toBe('dev');
    expect(url.searchParams.get('code')).toMatch(/^dev-/);
    expect(url.searchParams.get('host')).toBe('https://zone1.xxt.example');
    const state = url.searchParams.get('state')!;
    const row = await rt.db
      .withTables<{ wx_states: { id: string; redirect: string } }>()
      .selectFrom('wx_states')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(sha256(state));
    expect(row.redirect).toBe('/live');
  });

  it('binds a new identity by SMS code, then logs it in directly', async () => {
    const url = await start();
    const first = await callback(url.searchParams.get('code')!, url.searchParams.get('state')!);
    expect(first.body.code).toBe(200);
    expect(first.body.message).toBe('请绑定手机号以完成登录');
    expect(first.body.data).toMatchObject({
      bound: false,
      redirect: '/live',
      host: 'https://www.xxt.example',
    });
    const bindToken = first.body.data.bindToken!;

    const mobile = '13300001111';
    await sendCode(rt, mobile, { ip: '10.6.0.1' });
    const code = (await lastCode(rt, mobile))!;
    const badToken = await call(rt, '/api/user/wx/bind/check', {
      form: { bindToken: 'forged', mobile, areaNum: '86', code },
    });
    expect(badToken.body).toEqual({ code: 400, message: '绑定已失效，请重新扫码登录', data: null });
    const wrongCode = await call(rt, '/api/user/wx/bind/check', {
      form: { bindToken, mobile, areaNum: '86', code: code === '0000' ? '1111' : '0000' },
    });
    expect(wrongCode.body.message).toBe('验证码错误或已过期');
    const bound = await call<{ token: string; registered: boolean }>(
      rt,
      '/api/user/wx/bind/check',
      // A request to the main site (a subdomain of the cookie's parent domain).
      { form: { bindToken, mobile, areaNum: '86', code }, headers: { host: 'www.xxt.example' } },
    );
    expect(bound.body.code).toBe(200);
    expect(bound.body.message).toBe('登录成功');
    expect(bound.body.data.registered).toBe(true);
    expect(bound.headers.get('set-cookie')).toContain(`xxt_token=${bound.body.data.token}`);
    expect(bound.headers.get('set-cookie')).toMatch(/Domain=xxt\.example/i);

    const again = await start();
    const second = await callback(
      again.searchParams.get('code')!,
      again.searchParams.get('state')!,
    );
    expect(second.body.message).toBe('登录成功');
    expect(second.body.data.bound).toBe(true);
    const info = await call<{ info: { mobile: string } }>(rt, '/api/user/information', {
      method: 'POST',
      token: second.body.data.token,
    });
    expect(info.body.data.info.mobile).toBe(mobile);
    expect(second.headers.get('set-cookie')).toContain(`xxt_token=${second.body.data.token}`);
    expect(logsLeak(rt, bindToken)).toBe(false);
  });

  it('uses a state once and lets it expire after 10 minutes', async () => {
    const url = await start();
    const code = url.searchParams.get('code')!;
    const state = url.searchParams.get('state')!;
    expect((await callback(code, state)).body.code).toBe(200);
    expect((await callback(code, state)).body).toEqual({
      code: 400,
      message: '二维码已失效，请重新扫码登录',
      data: null,
    });
    const late = await start();
    rt.clock.advance(10 * 60_000 + 1);
    expect(
      (await callback(late.searchParams.get('code')!, late.searchParams.get('state')!)).body
        .message,
    ).toBe('二维码已失效，请重新扫码登录');
    expect((await callback('dev-x', 'never-issued')).body.message).toBe(
      '二维码已失效，请重新扫码登录',
    );
  });

  it('keeps the return path on-site', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      await start(`/api/user/wx/login?redirect=${encodeURIComponent(redirect)}`);
    }
    const rows = await rt.db
      .withTables<{ wx_states: { redirect: string; created_at: string } }>()
      .selectFrom('wx_states')
      .select('redirect')
      .orderBy('created_at', 'desc')
      .limit(3)
      .execute();
    expect(rows.map((r) => r.redirect)).toEqual(['/', '/', '/']);
    // A foreign host never becomes the return host.
    const url = await start('/api/user/wx/login', 'https://evil.example');
    expect(url.searchParams.get('host')).toBe('https://www.xxt.example');
  });
});

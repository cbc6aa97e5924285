/**
 * The real WeChat website-login adapter against a local fake of WeChat's API:
 * the QR-page redirect, the code exchange, binding and direct login, and the
 * provider's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProviders } from '../../../src/server/providers/registry.ts';
import { oauthWechat } from '../../../src/server/providers/wechat/oauth.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import {
  call,
  codeLogin,
  lastCode,
  logsLeak,
  sendCode,
  wxCallback,
  wxStart,
} from '../../support/accounts.ts';

import { startFakeWechat, type FakeWechat } from '../../support/fake-wechat.ts';

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

describe('WeChat OAuth adapter against a local fake', () => {
  const app = { appId: 'wx0123456789abcdef', appSecret: 'fake-app-secret-0001' };
  let fake: FakeWechat;
  beforeAll(async () => {
    fake = await startFakeWechat(app);
    setProviders(rt.deps, { wechat: oauthWechat({ ...app, apiBase: fake.url }) });
  });
  afterAll(async () => {
    await fake.close();
  });

  const user = {
    openid: 'oFAKE-openid-001',
    unionid: 'uFAKE-001',
    nickname: '微信用户甲',
    headimgurl: 'https://thirdwx.qlogo.cn/x/132',
  };

  it('redirects to the QR page with appid, redirect_uri carrying host, scope and state', async () => {
    const url = await start('/api/user/wx/login?redirect=/courselist');
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(app.appId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://www.xxt.example/wxredirect?host=https%3A%2F%2Fwww.xxt.example',
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
  });

  it('exchanges the code, stores the identity, binds it to an existing member and logs in', async () => {
    const url = await start();
    const first = await callback(fake.issueCode(user), url.searchParams.get('state')!);
    expect(first.body.data).toMatchObject({ bound: false });
    const identity = await rt.db
      .selectFrom('wx_identities')
      .selectAll()
      .where('openid', '=', user.openid)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({
      unionid: 'uFAKE-001',
      nickname: '微信用户甲',
      avatar: user.headimgurl,
      user_id: null,
    });
    expect(fake.requests.map((r) => r.pathname)).toEqual([
      '/sns/oauth2/access_token',
      '/sns/userinfo',
    ]);
    expect(fake.requests[0]!.searchParams.get('grant_type')).toBe('authorization_code');

    const mobile = DEMO.members[1];
    await sendCode(rt, mobile, { ip: '10.6.1.1' });
    const code = (await lastCode(rt, mobile))!;
    const bound = await call<{ registered: boolean }>(rt, '/api/user/wx/bind/check', {
      form: { bindToken: first.body.data.bindToken!, mobile, areaNum: '86', code },
    });
    expect(bound.body.code).toBe(200);
    expect(bound.body.data.registered).toBe(false);

    const next = await start();
    const second = await callback(fake.issueCode(user), next.searchParams.get('state')!);
    expect(second.body.data.bound).toBe(true);
    const info = await call<{ info: { mobile: string } }>(rt, '/api/user/information', {
      method: 'POST',
      token: second.body.data.token,
    });
    expect(info.body.data.info.mobile).toBe(mobile);
    expect(logsLeak(rt, app.appSecret)).toBe(false);
  });

  it('refuses a used code, an unknown code and a wrong secret', async () => {
    const code = fake.issueCode(user);
    expect((await callback(code, (await start()).searchParams.get('state')!)).body.code).toBe(200);
    expect((await callback(code, (await start()).searchParams.get('state')!)).body).toEqual({
      code: 400,
      message: '微信授权失败，请重新扫码',
      data: null,
    });
    expect(
      (await callback('made-up', (await start()).searchParams.get('state')!)).body.message,
    ).toBe('微信授权失败，请重新扫码');
    setProviders(rt.deps, {
      wechat: oauthWechat({ ...app, appSecret: 'wrong', apiBase: fake.url }),
    });
    expect(
      (await callback(fake.issueCode(user), (await start()).searchParams.get('state')!)).body
        .message,
    ).toBe('微信授权失败，请重新扫码');
    expect(
      rt.logger.lines.some((l) => l.msg === 'WeChat code exchange failed' && l.errcode === 40125),
    ).toBe(true);
    setProviders(rt.deps, { wechat: oauthWechat({ ...app, apiBase: fake.url }) });
  });

  it('refuses to bind a phone already bound to another WeChat', async () => {
    const other = { ...user, openid: 'oFAKE-openid-002', unionid: undefined };
    const res = await callback(fake.issueCode(other), (await start()).searchParams.get('state')!);
    const mobile = DEMO.members[1];
    rt.clock.advance(60_000);
    await sendCode(rt, mobile, { ip: '10.6.1.2' });
    const code = (await lastCode(rt, mobile))!;
    const bind = await call(rt, '/api/user/wx/bind/check', {
      form: { bindToken: res.body.data.bindToken!, mobile, areaNum: '86', code },
    });
    expect(bind.body).toEqual({ code: 400, message: '该手机号已绑定其他微信账号', data: null });
    // The member can still log in by code login as usual.
    expect((await codeLogin(rt, '13300002222', { ip: '10.6.1.3' })).registered).toBe(true);
  });
});

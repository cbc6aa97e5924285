/**
 * A local stand-in for WeChat's website-login API: `sns/oauth2/access_token`
 * and `sns/userinfo` on a node:http server on 127.0.0.1. It knows one app id
 * and secret, issues codes for test users, and answers WeChat's JSON,
 * errors included (40013 bad appid, 40125 bad secret, 40029 bad code,
 * 40163 code used, 40001/42001 bad access token).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWxUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

export interface FakeWechat {
  url: string;
  /** A fresh authorization code for this user, as the QR page would return. */
  issueCode(user: FakeWxUser): string;
  /** Requests received, as path + query, for protocol checks. */
  requests: URL[];
  close(): Promise<void>;
}

/** startFakeWechat({ appId, appSecret }) → a server whose url goes in WECHAT_API_BASE. */
export async function startFakeWechat(app: {
  appId: string;
  appSecret: string;
}): Promise<FakeWechat> {
  const codes = new Map<string, { user: FakeWxUser; used: boolean }>();
  const tokens = new Map<string, FakeWxUser>();
  const requests: URL[] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const q = url.searchParams;
    const answer = (body: Record<string, unknown>) => {
      // WeChat answers HTTP 200 for its own errors too.
      res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== app.appId) return answer({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== app.appSecret)
        return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code')
        return answer({ errcode: 40002, errmsg: 'invalid grant_type' });
      const entry = codes.get(q.get('code') ?? '');
      if (!entry) return answer({ errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return answer({ errcode: 40163, errmsg: 'code been used' });
      entry.used = true;
      const token = randomBytes(16).toString('hex');
      tokens.set(token, entry.user);
      return answer({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: entry.user.openid,
        scope: 'snsapi_login',
        ...(entry.user.unionid ? { unionid: entry.user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user)
        return answer({
          errcode: 40001,
          errmsg: 'invalid credential, access_token is invalid or not latest',
        });
      if (q.get('openid') !== user.openid)
        return answer({ errcode: 40003, errmsg: 'invalid openid' });
      return answer({
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: user.headimgurl,
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    issueCode(user) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, used: false });
      return code;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

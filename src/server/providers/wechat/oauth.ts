/**
 * The real WeChat website-login adapter: the QR page on open.weixin.qq.com,
 * then `sns/oauth2/access_token` and `sns/userinfo` on api.weixin.qq.com.
 * Both bases are configurable so tests can point them at a local fake.
 */
import { WxAuthError, type WechatProvider, type WxProfile } from './index.ts';

export interface OauthWechatOptions {
  appId: string;
  appSecret: string;
  /** Defaults to https://open.weixin.qq.com */
  openBase?: string;
  /** Defaults to https://api.weixin.qq.com */
  apiBase?: string;
  timeoutMs?: number;
}

interface WxError {
  errcode?: number;
  errmsg?: string;
}

async function getJson<T>(url: URL, timeoutMs: number): Promise<T & WxError> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new WxAuthError('network', `WeChat API unreachable: ${String(err)}`);
  }
  const body = (await res
    .json()
    .catch(() => ({ errcode: -1, errmsg: `HTTP ${res.status}, no JSON` }))) as T & WxError;
  if (body.errcode) throw new WxAuthError(body.errcode, body.errmsg ?? 'WeChat API error');
  return body;
}

/** oauthWechat({ appId, appSecret }) → a WechatProvider speaking WeChat's website-login protocol. */
export function oauthWechat(opts: OauthWechatOptions): WechatProvider {
  const openBase = (opts.openBase || 'https://open.weixin.qq.com').replace(/\/$/, '');
  const apiBase = (opts.apiBase || 'https://api.weixin.qq.com').replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'oauth',
    development: false,
    authorizeUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${openBase}/connect/qrconnect?${q.toString()}#wechat_redirect`;
    },
    async exchange(code): Promise<WxProfile> {
      const tokenUrl = new URL(`${apiBase}/sns/oauth2/access_token`);
      tokenUrl.search = new URLSearchParams({
        appid: opts.appId,
        secret: opts.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const token = await getJson<{ access_token?: string; openid?: string; unionid?: string }>(
        tokenUrl,
        timeoutMs,
      );
      if (!token.access_token || !token.openid)
        throw new WxAuthError(-1, 'access_token answer without token or openid');
      const infoUrl = new URL(`${apiBase}/sns/userinfo`);
      infoUrl.search = new URLSearchParams({
        access_token: token.access_token,
        openid: token.openid,
      }).toString();
      const info = await getJson<{
        openid?: string;
        unionid?: string;
        nickname?: string;
        headimgurl?: string;
      }>(infoUrl, timeoutMs);
      return {
        openid: token.openid,
        unionid: info.unionid ?? token.unionid ?? null,
        nickname: info.nickname?.slice(0, 64) ?? null,
        avatar: info.headimgurl?.slice(0, 500) ?? null,
      };
    },
  };
}

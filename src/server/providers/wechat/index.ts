/**
 * The WeChat website-login provider interface (网站应用微信登录, OAuth 2.0):
 * the QR page's address, and the exchange of the returned code for the
 * member's WeChat profile.
 */

/** What the provider tells us about the WeChat user. */
export interface WxProfile {
  openid: string;
  unionid: string | null;
  nickname: string | null;
  avatar: string | null;
}

export interface WechatProvider {
  /** Short name for logs: 'dev', 'oauth'. */
  readonly name: string;
  /** True for the local stand-in, which production mode refuses. */
  readonly development: boolean;
  /** Where to send the browser: the provider's QR page, which returns to redirectUri with code and state. */
  authorizeUrl(opts: { state: string; redirectUri: string }): string;
  /** Exchanges the code the provider returned; throws WxAuthError when the provider refuses. */
  exchange(code: string): Promise<WxProfile>;
}

/** The provider refused the code (expired, used, wrong app credentials) or was unreachable. */
export class WxAuthError extends Error {
  readonly errcode: number | string;
  constructor(errcode: number | string, message: string) {
    super(message);
    this.name = 'WxAuthError';
    this.errcode = errcode;
  }
}

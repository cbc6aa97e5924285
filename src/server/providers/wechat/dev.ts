/**
 * The development WeChat provider: no QR code and no network. The "QR page"
 * is our own /wxredirect, reached at once with a `dev-` code, and every such
 * code stands for one fixed development WeChat user, so the demo shows both
 * the first-time binding and, after it, the direct login.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../logger.ts';
import { WxAuthError, type WechatProvider } from './index.ts';

/** The openid every development code resolves to. */
export const DEV_WX_OPENID = 'dev-openid-0001';

/** devWechat(logger).authorizeUrl({ state, redirectUri }) → '/wxredirect?…&code=dev-…&state=…&provider=dev' */
export function devWechat(logger: Logger): WechatProvider {
  return {
    name: 'dev',
    development: true,
    authorizeUrl({ state, redirectUri }) {
      // Stay on whatever host the visitor is on: only the path and query of redirectUri are kept.
      const target = new URL(redirectUri, 'http://dev.invalid');
      target.searchParams.set('code', `dev-${randomBytes(12).toString('base64url')}`);
      target.searchParams.set('state', state);
      target.searchParams.set('provider', 'dev');
      return `${target.pathname}${target.search}`;
    },
    async exchange(code) {
      if (!code.startsWith('dev-'))
        throw new WxAuthError(40029, 'invalid code (development provider)');
      logger.warn('development WeChat provider: no WeChat call made', { provider: 'dev-wechat' });
      return {
        openid: DEV_WX_OPENID,
        unionid: null,
        nickname: '微信开发用户（开发环境）',
        avatar: null,
      };
    },
  };
}

/**
 * WeChat QR login routes (spec 7: "WeChat login redirects to the provider
 * with a host parameter"; /api/user/wx/bind/check). /wxredirect, the page
 * the provider returns to, posts code and state to the callback.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { wxBindSchema, wxCallbackSchema } from '../../../../shared/account-schemas.ts';
import { MSG } from '../../../../shared/messages.ts';
import type { Deps } from '../../../deps.ts';
import {
  bindWxIdentity,
  completeWxLogin,
  safeRedirect,
  startWxLogin,
  ACCOUNTS_MSG,
} from '../../../services/accounts/index.ts';

import { route, type RouteDef } from '../../define.ts';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../errors.ts';
import { sessionMeta, setSessionCookie } from '../../session-cookie.ts';

/**
 * The origin the visitor started on, when it is the site or one of its
 * partner zones under the cookie domain; otherwise the configured site.
 */
function startOrigin(c: Context<AppEnv>, deps: Deps): string {
  const site = new URL(deps.config.siteUrl);
  let here: URL;
  try {
    here = new URL(c.req.url);
  } catch {
    return site.origin;
  }
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  if (proto === 'https' || proto === 'http') here.protocol = `${proto}:`;
  const parent = deps.config.cookieDomain.replace(/^\./, '');
  const onSite =
    here.host === site.host ||
    (parent !== '' && (here.hostname === parent || here.hostname.endsWith(`.${parent}`)));
  return onSite ? here.origin : site.origin;
}

export const accountWechatRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/user/wx/login',
    access: 'public',
    input: z.object({ redirect: z.unknown().optional() }),
    async handler({ input, deps, c }) {
      const url = await startWxLogin(deps, {
        redirect: safeRedirect(input.redirect),
        host: startOrigin(c, deps),
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(url, 302);
    },
  }),
  route({
    method: 'post',
    path: '/api/user/wx/callback',
    access: 'public',
    input: wxCallbackSchema,
    async handler({ input, deps, c }) {
      const result = await completeWxLogin(deps, input, sessionMeta(c));
      if (result.bound) {
        setSessionCookie(c, deps, result);
        return c.json(
          ok(
            { bound: true, token: result.token, redirect: result.redirect, host: result.host },
            MSG.loginSuccess,
          ),
        );
      }
      return c.json(ok(result, ACCOUNTS_MSG.wxNeedsBind));
    },
  }),
  route({
    method: 'post',
    path: '/api/user/wx/bind/check',
    access: 'public',
    input: wxBindSchema,
    message: MSG.loginSuccess,
    async handler({ input, deps, c }) {
      const session = await bindWxIdentity(deps, input, sessionMeta(c));
      setSessionCookie(c, deps, session);
      return { bound: true, token: session.token, registered: session.registered };
    },
  }),
];

/**
 * The API's middleware, as named factories: request ids and logging, session
 * resolution (cookie or bearer), the same-site rule for cookie-authenticated
 * writes, and the central error handler.
 */
import { randomUUID } from 'node:crypto';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { PRESENCE_COOKIE, SESSION_COOKIE } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import type { Deps } from '../deps.ts';
import { bearerToken, resolveSession } from '../services/accounts/index.ts';
import { zoneHosts } from '../services/site/index.ts';
import { AppError } from '../errors.ts';
import { fail } from './errors.ts';
import { clearPresenceCookie } from './session-cookie.ts';
import type { AppEnv } from './env.ts';

/** Puts the deps, a request id and a logger carrying it on the context; logs each request. */
export function requestContext(deps: Deps): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

export { bearerToken };

/** The session token a request carries: its bearer token, else its session cookie (as `session()` reads them). */
export function sessionToken(c: Context<AppEnv>): string | null {
  return bearerToken(c.req.header('authorization')) ?? getCookie(c, SESSION_COOKIE) ?? null;
}

/** Resolves the member from `Authorization: Bearer` or the session cookie. */
export function session(): MiddlewareHandler<AppEnv> {
  return async function sessionMiddleware(c, next) {
    const bearer = bearerToken(c.req.header('authorization'));
    const cookie = getCookie(c, SESSION_COOKIE);
    const token = bearer ?? cookie ?? null;
    const user = token ? await resolveSession(c.get('deps'), token) : null;
    c.set('user', user);
    c.set('authVia', user ? (bearer ? 'bearer' : 'cookie') : null);
    await next();
    // Pages read the presence cookie to decide they have a member; one that
    // outlived its session would make every page ask again, so it goes.
    // A login in this very request set a fresh one, which stays.
    if (
      !user &&
      !bearer &&
      getCookie(c, PRESENCE_COOKIE) !== undefined &&
      !c.res.headers.getSetCookie().some((v) => v.startsWith(`${PRESENCE_COOKIE}=`))
    )
      clearPresenceCookie(c, c.get('deps'));
  };
}

/**
 * An origin of the site itself (issue 24): SITE_URL's, API_ORIGIN's, MOBILE_SITE_URL's, or a
 * partner zone listed in the database (companies.domain). Nothing else under the parent domain:
 * any host there (a forgotten subdomain, a user page) is not the site.
 * siteOrigin('https://huaxin-semi.xxt.cn', config, zones) → true when that zone is listed.
 */
export function siteOrigin(
  origin: string,
  config: Deps['config'],
  zones: ReadonlySet<string>,
): boolean {
  try {
    const o = new URL(origin);
    if (o.protocol !== 'https:' && o.protocol !== 'http:') return false;
    const own = [config.siteUrl, config.apiOrigin, config.mobileSiteUrl].filter(Boolean);
    if (own.some((u) => new URL(u).origin === o.origin)) return true;
    return zones.has(o.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Whether a write comes from the site: a browser's Origin is the request's own host or one of
 * the site's origins (siteOrigin); without an Origin, a browser's Sec-Fetch-Site must say
 * same-origin (or none: typed, bookmarked); a client sending neither is not a browser.
 */
async function fromSite(c: Context<AppEnv>): Promise<boolean> {
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    try {
      if (new URL(origin).host === c.req.header('host')) return true;
    } catch {
      return false; // 'null' and other opaque origins
    }
    const deps = c.get('deps');
    return siteOrigin(origin, deps.config, await zoneHosts(deps));
  }
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}

/**
 * Cookie-authenticated state-changing requests must come from the site itself
 * (DESIGN: Identity); a cross-site form can never act as the member.
 */
export function sameSiteWrites(): MiddlewareHandler<AppEnv> {
  return async function sameSiteWritesMiddleware(c, next) {
    const method = c.req.method;
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      method !== 'OPTIONS' &&
      !bearerToken(c.req.header('authorization'))
    ) {
      if (!(await fromSite(c))) {
        c.set('user', null);
        throw new AppError(403, MSG.crossSite);
      }
    }
    await next();
  };
}

/** Turns every error into the envelope; unexpected ones are logged and answered without internals. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) return c.json(fail(err));
  const log = c.get('log');
  log?.error('unhandled error', { error: err instanceof Error ? err.stack : String(err) });
  return c.json(fail(new AppError(500, MSG.serverError)), 500);
};

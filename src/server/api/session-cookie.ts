/**
 * The session cookie (DESIGN: Identity): HttpOnly, SameSite=Lax, Secure in
 * production, scoped to the parent domain so partner zones share one login,
 * expiring with the session (spec 9: 3 days). Every login call sets it here.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { PRESENCE_COOKIE, SESSION_COOKIE } from '../../shared/constants.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';

/**
 * The Domain attribute for this request: the configured parent domain when
 * the request came to it or one of its subdomains (the main site or a partner
 * zone), otherwise none, so a host outside it (a local address) still gets a
 * host-only cookie the browser accepts.
 */
export function cookieDomainFor(host: string | undefined, parent: string): string | undefined {
  const p = parent.replace(/^\./, '').toLowerCase();
  const h = (host ?? '').split(':')[0]!.toLowerCase();
  return p && (h === p || h.endsWith(`.${p}`)) ? p : undefined;
}

/** Sets the session cookie for a freshly created session. */
export function setSessionCookie(
  c: Context<AppEnv>,
  deps: Pick<Deps, 'config'>,
  session: { token: string; expiresAt: Date },
): void {
  setCookie(c, SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.mode === 'production',
    domain: cookieDomainFor(c.req.header('host'), deps.config.cookieDomain),
    expires: session.expiresAt,
  });
  setCookie(c, PRESENCE_COOKIE, '1', {
    path: '/',
    sameSite: 'Lax',
    secure: deps.config.mode === 'production',
    domain: cookieDomainFor(c.req.header('host'), deps.config.cookieDomain),
    expires: session.expiresAt,
  });
}

/** Removes the session cookie and its presence companion (quit). */
export function clearSessionCookie(c: Context<AppEnv>, deps: Pick<Deps, 'config'>): void {
  const domain = cookieDomainFor(c.req.header('host'), deps.config.cookieDomain);
  deleteCookie(c, SESSION_COOKIE, { path: '/', domain });
  clearPresenceCookie(c, deps);
}

/** Removes only the presence cookie: it outlived its session (expired or ended elsewhere). */
export function clearPresenceCookie(c: Context<AppEnv>, deps: Pick<Deps, 'config'>): void {
  deleteCookie(c, PRESENCE_COOKIE, {
    path: '/',
    domain: cookieDomainFor(c.req.header('host'), deps.config.cookieDomain),
  });
}

/**
 * The client's address: the first X-Forwarded-For entry (set by the proxy in
 * front, DESIGN: Scale-out), else the socket's, else 'unknown'. Without a
 * proxy that overwrites the header, clients could pick their own address.
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** What a new session records about the client. */
export function sessionMeta(c: Context<AppEnv>): { ip: string; userAgent: string | undefined } {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent') };
}

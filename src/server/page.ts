/**
 * Helpers for Astro pages: the runtime's deps, public caching with entity
 * tags, and the login guard of spec 2.
 */
import { fragments } from './cache/fragments.ts';
import { SITE_TAG } from './cache/tags.ts';
import type { AstroGlobal } from 'astro';
import { SESSION_COOKIE } from '../shared/constants.ts';
import type { Deps } from './deps.ts';
import type { Memo } from './services/lib/index.ts';
import { getRuntime } from './runtime.ts';
import { idParam } from './query-forms.ts';
import { resolveSession, type SessionUser } from './services/accounts/index.ts';

export async function pageDeps(): Promise<Deps> {
  return (await getRuntime()).deps;
}

/**
 * What a page's services keep between renders (a list's count), dropped with these tags as a
 * cached page is: listArticles(deps, opts, pageMemo(deps, [articleTags.list]))
 */
export function pageMemo(deps: Pick<Deps, 'db'>, tags: string[]): Memo {
  return (key, compute) => fragments().get(deps.db, key, tags, compute);
}

/** Seconds a public page is fresh, and how long it may be served stale while re-rendering. */
export const PAGE_CACHE = { maxAge: 60, swr: 600 } as const;

/**
 * Marks a public page cacheable with tags per entity ('article:12',
 * 'list:articles'); services invalidate those tags when content changes.
 * Only for pages whose HTML holds no per-user data.
 */
export function cachePublic(
  astro: AstroGlobal,
  tags: string[],
  opts: { maxAge?: number; swr?: number } = {},
): void {
  if (!astro.cache.enabled) return;
  astro.cache.set({
    maxAge: opts.maxAge ?? PAGE_CACHE.maxAge,
    swr: opts.swr ?? PAGE_CACHE.swr,
    tags: [SITE_TAG, ...tags],
  });
}

/**
 * The member of a login-required page, or a redirect to / (spec 2: without
 * a stored token a visitor is sent to /). Such pages are never cached.
 */
/** The logged-in member of a per-user page, or null for a visitor (the page is never cached). */
export async function pageMember(astro: AstroGlobal): Promise<SessionUser | null> {
  astro.response.headers.set('Cache-Control', 'private, no-store');
  return resolveSession(await pageDeps(), astro.cookies.get(SESSION_COOKIE)?.value);
}

export async function requireMember(astro: AstroGlobal): Promise<SessionUser | Response> {
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const deps = await pageDeps();
  const user = await resolveSession(deps, astro.cookies.get(SESSION_COOKIE)?.value);
  return user ?? astro.redirect('/', 302);
}

/** A positive integer id from a query value, or null (kept with the query forms' redirects). */
export { idParam };

/**
 * The `/<key>/<id>` steps of a list page's path (issue 25: filters and page in the path), each
 * key at most once and a positive id; null when the path is anything else (a 404).
 * pathFilters('c/5/page/2', ['c', 's', 'page']) → { c: 5, page: 2 }
 */
export function pathFilters<K extends string>(
  path: string | undefined,
  keys: readonly K[],
): Partial<Record<K, number>> | null {
  const parts = (path ?? '').split('/').filter(Boolean);
  if (parts.length % 2 !== 0) return null;
  const out: Partial<Record<K, number>> = {};
  for (let i = 0; i < parts.length; i += 2) {
    const key = parts[i] as K;
    const id = idParam(parts[i + 1]);
    if (!keys.includes(key) || out[key] !== undefined || id === null) return null;
    out[key] = id;
  }
  return out;
}

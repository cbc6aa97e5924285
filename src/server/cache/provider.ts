/**
 * Astro route-cache provider backed by the process page store. Pages call
 * `Astro.cache.set({ maxAge, swr, tags })`; this provider stores the rendered
 * page, serves it while fresh, serves it stale while revalidating, and adds
 * the CDN headers (`s-maxage`, `stale-while-revalidate`) a cache in front reads.
 * The server entry serves fresh entries itself before Astro is reached.
 */
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { cacheKey } from './cache-key.ts';
import { pageStore, type PageEntry } from './page-store.ts';

/** Headers Astro uses internally to carry cache options to the provider; never sent. */
const INTERNAL = ['cdn-cache-control', 'cache-tag', 'x-astro-cache'];
/** A render's own timing (RENDER_PROFILE): sent with the render, not kept with the stored page. */
const RENDER_ONLY = 'server-timing';

/** cdnCacheControl(60, 600) → 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' */
export function cdnCacheControl(maxAge: number, swr: number): string {
  return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${swr}`;
}

/**
 * What a cache in front (nginx, a CDN) may keep a page for: EDGE_MAX_AGE (seconds)
 * caps it, because only this process's store is invalidated exactly on a change;
 * a short HTML TTL at the edge is how changes reach readers there (docs/deployment.md).
 */
export function edgeMaxAge(maxAge: number, env = process.env): number {
  const cap = Number.parseInt(env.EDGE_MAX_AGE ?? '', 10);
  return Number.isInteger(cap) && cap >= 0 ? Math.min(maxAge, cap) : maxAge;
}

function parseDirectives(header: string | null): { maxAge: number; swr: number } {
  let maxAge = 0;
  let swr = 0;
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().toLowerCase().split('=');
    if (k === 'max-age') maxAge = Number.parseInt(v ?? '', 10) || 0;
    if (k === 'stale-while-revalidate') swr = Number.parseInt(v ?? '', 10) || 0;
  }
  return { maxAge, swr };
}

/** Turns a stored entry into a Response for Astro's pipeline. */
export function entryResponse(entry: PageEntry, state: 'HIT' | 'STALE'): Response {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('X-Cache', state);
  return new Response(new Uint8Array(entry.body), { status: entry.status, headers });
}

async function store(key: string, response: Response): Promise<Response> {
  const { maxAge, swr } = parseDirectives(response.headers.get('CDN-Cache-Control'));
  // Only whole successful pages with no cookie are shared: per-user data never enters the cache.
  if (maxAge <= 0 || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const tags = (response.headers.get('Cache-Tag') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((v, k) => {
    if (!INTERNAL.includes(k) && k !== 'content-length') headers.push([k, v]);
  });
  const entry = await pageStore().put(key, {
    status: 200,
    headers: headers.filter(([k]) => k !== RENDER_ONLY),
    body,
    maxAge,
    swr,
    tags,
  });
  const out = new Headers(headers);
  out.set('ETag', entry.etag);
  out.set('X-Cache', 'MISS');
  return new Response(new Uint8Array(body), { status: 200, headers: out });
}

const factory: CacheProviderFactory = () => {
  const provider: CacheProvider = {
    name: 'page-store',
    setHeaders(options) {
      const h = new Headers();
      const maxAge = options.maxAge ?? 0;
      const swr = options.swr ?? 0;
      if (maxAge > 0) {
        h.set('CDN-Cache-Control', `max-age=${maxAge}, stale-while-revalidate=${swr}`);
        h.set('Cache-Control', cdnCacheControl(edgeMaxAge(maxAge), swr));
      }
      if (options.tags?.length) h.set('Cache-Tag', options.tags.join(','));
      return h;
    },
    async onRequest(context, next) {
      // PAGE_CACHE=off renders every request (the benchmark's uncached measurements).
      if (context.request.method !== 'GET' || process.env.PAGE_CACHE === 'off') return next();
      const url = context.url;
      const key = cacheKey(
        context.request.headers.get('host') ?? url.host,
        url.pathname + url.search,
      );
      const store_ = pageStore();
      const entry = store_.get(key);
      if (entry) {
        const state = store_.freshness(entry);
        if (state === 'fresh') return entryResponse(entry, 'HIT');
        if (state === 'stale') {
          next()
            .then((fresh) => store(key, fresh))
            .catch((err: unknown) =>
              context.logger.warn(`revalidation of ${url.pathname} failed: ${String(err)}`),
            );
          return entryResponse(entry, 'STALE');
        }
      }
      return store(key, await next());
    },
    async invalidate(options) {
      const tags =
        options.tags === undefined
          ? []
          : Array.isArray(options.tags)
            ? options.tags
            : [options.tags];
      pageStore().invalidate({ tags, path: options.path });
    },
  };
  return provider;
};

export default factory;

/**
 * Astro middleware: the spec's mobile redirect (spec 1) for requests that
 * reach Astro's pipeline without the project's server entry in front
 * (`astro dev`). In production the server entry makes the same decision
 * before its page cache (src/server/http/front.ts), since a cached page is
 * answered without running this middleware. Every rendered page gets its
 * Content-Security-Policy here, with the hashes of its inline scripts, and
 * its module scripts are handed to a loader that adds them after the first
 * paint (server/http/page-scripts.ts); the page cache stores both.
 */
import { defineMiddleware } from 'astro:middleware';
import { mobileTarget } from './server/http/mobile-redirect.ts';
import { pageDeps } from './server/page.ts';
import { pageCsp } from './server/http/security-headers.ts';
import { deferPageScripts } from './server/http/page-scripts.ts';
import { RENDER_PROFILE, withQueryProfile } from './server/db/query-profile.ts';

/** The page with its Content-Security-Policy header (HTML only). */
async function withCsp(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('text/html') || !response.body)
    return response;
  const html = deferPageScripts(await response.text());
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', pageCsp(html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * With RENDER_PROFILE=1 (the benchmark's switch): the page as withCsp makes it, with a
 * `Server-Timing` header of where its render went: `db` (its queries, counted), `render` (Astro
 * rendering the page to the end of its HTML, queries excluded) and `csp` (hashing its scripts).
 * Compression comes after, in the server (npm run bench times it on the same bytes).
 */
async function profiledWithCsp(next: () => Promise<Response>): Promise<Response> {
  const queries = { queries: 0, ms: 0 };
  const start = performance.now();
  const response = await withQueryProfile(queries, next);
  if (!response.headers.get('content-type')?.includes('text/html') || !response.body)
    return response;
  // The body streams: the page (and its queries) render while it is read.
  const html = deferPageScripts(await withQueryProfile(queries, () => response.text()));
  const rendered = performance.now();
  const csp = pageCsp(html);
  const hashed = performance.now();
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', csp);
  const ms = (n: number) => n.toFixed(2);
  headers.set(
    'Server-Timing',
    [
      `db;dur=${ms(queries.ms)};desc="${queries.queries} queries"`,
      `render;dur=${ms(rendered - start - queries.ms)}`,
      `csp;dur=${ms(hashed - rendered)}`,
    ].join(', '),
  );
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { mobileSiteUrl } = (await pageDeps()).config;
  const target = mobileTarget(
    mobileSiteUrl,
    context.request.method,
    context.url.pathname + context.url.search,
    context.request.headers.get('user-agent') ?? undefined,
  );
  if (!target) return RENDER_PROFILE ? profiledWithCsp(next) : withCsp(await next());
  return new Response(null, {
    status: 302,
    headers: { Location: target, Vary: 'User-Agent', 'Cache-Control': 'private, no-store' },
  });
});

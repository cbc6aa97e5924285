/**
 * Astro middleware: the spec's mobile redirect (spec 1) for requests that
 * reach Astro's pipeline without the project's server entry in front
 * (`astro dev`). In production the server entry makes the same decision
 * before its page cache (src/server/http/front.ts), since a cached page is
 * answered without running this middleware.
 */
import { defineMiddleware } from 'astro:middleware';
import { mobileTarget } from './server/http/mobile-redirect.ts';
import { pageDeps } from './server/page.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { mobileSiteUrl } = (await pageDeps()).config;
  const target = mobileTarget(
    mobileSiteUrl,
    context.request.method,
    context.url.pathname + context.url.search,
    context.request.headers.get('user-agent') ?? undefined,
  );
  if (!target) return next();
  return new Response(null, {
    status: 302,
    headers: { Location: target, Vary: 'User-Agent', 'Cache-Control': 'private, no-store' },
  });
});

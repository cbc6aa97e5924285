/**
 * GET /sitemap.xml: every public page in its canonical form (home, lists,
 * every published article, course, column, live broadcast and short video).
 * Cached like a page and dropped whenever a list changes.
 */
import { SITE_TAG } from '../server/cache/tags.ts';
import type { APIRoute } from 'astro';
import { PAGE_CACHE, pageDeps } from '../server/page.ts';
import { FEED_TAGS, sitemapUrls, sitemapXml } from '../server/services/site/index.ts';
import { XML_CSP } from '../server/http/security-headers.ts';

export const GET: APIRoute = async ({ cache }) => {
  const deps = await pageDeps();
  const xml = sitemapXml(deps.config.siteUrl, await sitemapUrls(deps));
  if (cache.enabled) cache.set({ ...PAGE_CACHE, tags: [SITE_TAG, ...FEED_TAGS] });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Security-Policy': XML_CSP,
    },
  });
};

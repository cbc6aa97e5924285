/**
 * GET /rss.xml: RSS 2.0 of the newest published articles. Cached like a
 * page and dropped whenever the article list changes.
 */
import { articleTags, SITE_TAG } from '../server/cache/tags.ts';
import type { APIRoute } from 'astro';
import { PAGE_CACHE, pageDeps } from '../server/page.ts';
import { rssItems, rssXml } from '../server/services/site/index.ts';
import { XML_CSP } from '../server/http/security-headers.ts';

export const GET: APIRoute = async ({ cache }) => {
  const deps = await pageDeps();
  const { siteUrl, siteName } = deps.config;
  const xml = rssXml({ url: siteUrl, name: siteName }, await rssItems(deps), deps.clock.now());
  if (cache.enabled) cache.set({ ...PAGE_CACHE, tags: [SITE_TAG, articleTags.list] });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Content-Security-Policy': XML_CSP,
    },
  });
};

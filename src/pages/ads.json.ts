/**
 * GET /ads.json: the ads of every slot type with their time windows, for pages served from a
 * static export without an API behind them (issue 25): the ad script reads this file from
 * the page's own host when the ad API does not answer, and applies the windows itself. The
 * same list the API gives (spec 9), cached like a page and dropped whenever an ad changes.
 */
import type { APIRoute } from 'astro';
import { adTags, SITE_TAG } from '../server/cache/tags.ts';
import { XML_CSP } from '../server/http/security-headers.ts';
import { PAGE_CACHE, pageDeps } from '../server/page.ts';
import { listScheduledAds } from '../server/services/ads/index.ts';
import { AD_TYPES_REQUESTED } from '../shared/constants.ts';

export const GET: APIRoute = async ({ cache }) => {
  const deps = await pageDeps();
  const list = await listScheduledAds(deps, AD_TYPES_REQUESTED);
  if (cache.enabled) cache.set({ ...PAGE_CACHE, tags: [SITE_TAG, adTags.list] });
  return new Response(JSON.stringify({ roll_image_list: list }), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Security-Policy': XML_CSP,
    },
  });
};

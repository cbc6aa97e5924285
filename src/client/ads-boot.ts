/**
 * The only ad and analytics code that runs before the load event: it waits
 * for load, then sends the page view and loads the ad script, which fetches
 * the ads and mounts each slot when it becomes visible. Embedded pages (legal
 * texts shown in a dialog, ?embed=1) are not page views and carry no ads.
 */
import { afterLoad, sendPageView } from './analytics.ts';

/** Starts page-view recording and the ads after the load event. */
export function initAdsAndAnalytics(): void {
  if (new URLSearchParams(location.search).has('embed')) return;
  afterLoad(() => {
    sendPageView();
    // A VIP member's ads are hidden (issue 27): none are fetched, none counted as seen.
    if (document.documentElement.hasAttribute('data-noads')) return;
    void import('../islands/ads/index.ts').then((m) => m.startAds()).catch(() => undefined);
  });
  // A page restored from the back-forward cache fires no load event, yet is a route change.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) sendPageView();
  });
}

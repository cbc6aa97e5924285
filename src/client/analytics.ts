/**
 * Beacons to the platform's own analytics API (never a third party): one page
 * view per page load, and ad impressions and clicks. `navigator.sendBeacon`
 * survives the page being left; the server resolves the member from the
 * session cookie, so nothing about the reader is sent from here.
 */

import { apiCredentials, apiUrl } from './api-origin.ts';

const REFERRER_MAX = 1024;

function send(apiPath: string, form: Record<string, string>): void {
  const body = new URLSearchParams(form);
  const path = apiUrl(apiPath);
  try {
    if (navigator.sendBeacon?.(path, body)) return;
  } catch {
    // A refused beacon (quota, policy) falls through to fetch.
  }
  void fetch(path, { method: 'POST', body, keepalive: true, credentials: apiCredentials() }).catch(
    () => undefined,
  );
}

/** Records this page load (path with its query, and the referrer). */
export function sendPageView(): void {
  send('/api/analytics/pageview', {
    path: location.pathname + location.search,
    referrer: document.referrer.slice(0, REFERRER_MAX),
  });
}

/** Records an impression (visible for 1 s) or a click of an ad in a slot type. */
export function sendAdEvent(adId: number, slot: number, kind: 'impression' | 'click'): void {
  send('/api/analytics/ad', { adId: String(adId), slot: String(slot), kind });
}

/** Runs `fn` after the load event, so beacons and ads never delay the page. */
export function afterLoad(fn: () => void): void {
  if (document.readyState === 'complete') fn();
  else window.addEventListener('load', fn, { once: true });
}

/**
 * The spec's mobile redirect (spec 1) as a setting: when MOBILE_SITE_URL is
 * set, a phone asking for a page is sent to the same path and query on that
 * origin; when unset the responsive site serves phones and nothing happens.
 * Decided in the server entry before the page cache, because a cached page
 * is answered without running Astro's middleware.
 */

/** Phones, not tablets: iPad and Android without "Mobile" keep the full site. */
const PHONE =
  /\b(iPhone|iPod|Windows Phone|BlackBerry|IEMobile|Opera Mini)\b|Android.*\bMobile\b|(HarmonyOS|OpenHarmony).*\bMobile\b/i;

/** Whether a User-Agent is a phone: isPhone('… iPhone OS 17_0 …') → true. */
export function isPhone(userAgent: string | undefined): boolean {
  return !!userAgent && PHONE.test(userAgent);
}

/**
 * Where a request must go instead, or null to serve it here. Only page
 * requests move: API calls, assets and non-GET requests stay.
 * mobileTarget('https://m.example.com', 'GET', '/article/1?a=1', iPhoneUa) → 'https://m.example.com/article/1?a=1'
 */
export function mobileTarget(
  mobileSiteUrl: string,
  method: string | undefined,
  pathAndQuery: string,
  userAgent: string | undefined,
): string | null {
  if (!mobileSiteUrl || (method !== 'GET' && method !== 'HEAD')) return null;
  if (pathAndQuery.startsWith('/api/') || pathAndQuery.startsWith('/_astro/')) return null;
  if (!isPhone(userAgent)) return null;
  return mobileSiteUrl.replace(/\/$/, '') + (pathAndQuery.startsWith('/') ? pathAndQuery : '/');
}

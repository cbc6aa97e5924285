/**
 * Where the islands' API is (issue 14): the page's own origin (behind nginx),
 * or API_ORIGIN, which the server writes into <html data-api> (the same for
 * every reader, so exported and cached pages carry it too). Cross-origin
 * calls send the parent-domain cookie (credentials: 'include'); the API
 * answers them with CORS for the site's origins only.
 */
export function apiOrigin(): string {
  return typeof document === 'undefined' ? '' : (document.documentElement.dataset.api ?? '');
}

/** apiUrl('/api/user/information') → '/api/user/information' or 'https://api.example.cn/api/user/information' */
export function apiUrl(path: string): string {
  return apiOrigin() + path;
}

/** Same-origin calls keep cookies same-origin; a separate API origin needs them included. */
export function apiCredentials(): RequestCredentials {
  return apiOrigin() ? 'include' : 'same-origin';
}

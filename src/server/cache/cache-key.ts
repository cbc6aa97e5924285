/**
 * The key of a cached page: host + path + the sorted query parameters that
 * page reads, nothing else (DESIGN: Caching; issue 13). A query string of
 * random parameters names the same page, so it is answered from the cache
 * instead of rendering (and storing) a copy per URL. Shared by the Astro
 * cache provider and the server entry's fast path so both find the same entry.
 */

/**
 * The query parameters each public page reads (tests/unit/cache-key.test.ts
 * checks this against the pages' code). Any other parameter is ignored.
 */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/aboutus': ['index'],
  '/articledetail': ['id'],
  '/articlelist': ['classifyId', 'page', 'secondClassifyId', 'type'],
  '/bigcolumn': ['id'],
  '/checkout': ['courseId', 'orderNo'],
  '/columndetail': ['id'],
  '/coursedetail': ['id'],
  '/courselist': ['labelId', 'page', 'word'],
  '/exam': ['id'],
  '/livedetail': ['id'],
  '/notification': ['categoryId', 'page'],
  '/notificationdetail': ['id'],
  '/privacypolicy': ['embed'],
  '/regeister': ['code'],
  '/searchlist': ['page', 'type', 'word'],
  '/shortvideo': ['page', 'type'],
  '/shortvideodetail': ['id'],
  '/termofservice': ['embed'],
  '/transformPage': ['to'],
  '/videodetail': ['id'],
};

/** cacheKey('Example.com', '/searchlist?word=a&utm_source=x&zz=1') → 'example.com/searchlist?word=a' */
export function cacheKey(host: string, pathAndQuery: string): string {
  return pageKey(host, pathAndQuery).key;
}

/**
 * The cache key, and whether the URL carried query parameters the page does
 * not read (`ignored`): such a URL names the same page as its canonical one,
 * and the front handler answers it after the canonical ones (issue 13: a
 * flood of random query strings must not slow the site's real readers).
 * pageKey('h', '/article/1?r=9') → { key: 'h/article/1', ignored: true }
 * pageKey('h', '/searchlist?word=a') → { key: 'h/searchlist?word=a', ignored: false }
 */
export function pageKey(host: string, pathAndQuery: string): { key: string; ignored: boolean } {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const hostKey = host.toLowerCase();
  // No query, or an empty one: the common case, decided without parsing.
  if (q === -1 || q === pathAndQuery.length - 1) return { key: hostKey + path, ignored: false };
  const read = PAGE_PARAMS[path];
  if (!read) return { key: hostKey + path, ignored: true };
  const all = new URLSearchParams(pathAndQuery.slice(q + 1));
  const kept = new URLSearchParams();
  // The first value of each read parameter: what `searchParams.get` gives the page.
  for (const name of read) {
    const value = all.get(name);
    if (value !== null) kept.set(name, value);
  }
  let count = 0;
  for (const name of all.keys()) {
    count++;
    if (!read.includes(name)) return { key: keyOf(hostKey, path, kept), ignored: true };
  }
  // A repeated parameter (`?id=3&id=4`) is ignored past its first value.
  return { key: keyOf(hostKey, path, kept), ignored: count !== kept.size };
}

function keyOf(host: string, path: string, kept: URLSearchParams): string {
  const s = kept.toString();
  return s ? `${host}${path}?${s}` : host + path;
}

/** The path part of a key: pathOfKey('example.com/a?x=1') → '/a' */
export function pathOfKey(key: string): string {
  const slash = key.indexOf('/');
  const rest = slash === -1 ? '/' : key.slice(slash);
  const q = rest.indexOf('?');
  return q === -1 ? rest : rest.slice(0, q);
}

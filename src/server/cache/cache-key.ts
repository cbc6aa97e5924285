/**
 * The key of a cached page: host + path + sorted query, with tracking
 * parameters dropped (DESIGN: Caching). Shared by the Astro cache provider
 * and the server entry's fast path so both find the same entry.
 */
const TRACKING = /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|_ga|_gl|spm|from|ref)$/i;

/** cacheKey('Example.com', '/a?b=2&utm_source=x&a=1') → 'example.com/a?a=1&b=2' */
export function cacheKey(host: string, pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  let query = '';
  if (q !== -1) {
    const params = new URLSearchParams(pathAndQuery.slice(q + 1));
    for (const k of [...params.keys()]) if (TRACKING.test(k)) params.delete(k);
    params.sort();
    const s = params.toString();
    query = s ? `?${s}` : '';
  }
  return `${host.toLowerCase()}${path}${query}`;
}

/** The path part of a key: pathOfKey('example.com/a?x=1') → '/a' */
export function pathOfKey(key: string): string {
  const slash = key.indexOf('/');
  const rest = slash === -1 ? '/' : key.slice(slash);
  const q = rest.indexOf('?');
  return q === -1 ? rest : rest.slice(0, q);
}

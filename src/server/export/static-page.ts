/**
 * What a static host cannot add to an exported page (issue 25): its Content-Security-Policy
 * travels inside the page, as a `<meta http-equiv>` with that page's own script hashes, and the
 * directives a meta policy cannot carry (frame-ancestors, report-uri; HSTS is a header) go to a
 * headers manifest for the CDN (`_headers`, and object metadata for OSS/COS).
 */
import { pageCsp } from '../http/security-headers.ts';

/** Directives browsers ignore in a `<meta>` policy. */
const NOT_IN_META = /^(frame-ancestors|report-uri|report-to|sandbox)\b/;

/** The page's policy as a `<meta>` can carry it: metaCsp(html) → "default-src 'self'; …" */
export function metaCsp(html: string): string {
  return pageCsp(html)
    .split('; ')
    .filter((d) => !NOT_IN_META.test(d))
    .join('; ');
}

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The page with its policy as the first element of its head (before any script, so it covers
 * them all); a page that has one already is returned as it is.
 */
export function withMetaCsp(html: string): string {
  if (/<meta\s+http-equiv=["']?content-security-policy/i.test(html)) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(metaCsp(html))}">`;
  const charset = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i.exec(html);
  if (charset) {
    const at = charset.index + charset[0].length;
    return html.slice(0, at) + meta + html.slice(at);
  }
  return html.replace(/<head(\s[^>]*)?>/i, (head) => head + meta);
}

/** The headers every exported file needs that no page can carry itself. */
export function staticHostHeaders(opts: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "frame-ancestors 'self'"],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  if (opts.https)
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * `_headers` (the format of Netlify, Cloudflare Pages and EdgeOne Pages): every path gets the
 * static host's headers; hashed build assets are cached for a year.
 */
export function headersManifest(opts: { https: boolean }): string {
  const lines = ['/*', ...staticHostHeaders(opts).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push('/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
  return `${lines.join('\n')}\n`;
}

/**
 * Object metadata for a bucket upload (Aliyun OSS, Tencent COS): the headers a bucket stores
 * with each object, by key pattern, for `ossutil cp --meta` / `coscli cp --meta` or an SDK. A
 * bucket serves only the standard headers it knows; the others (frame-ancestors, HSTS) are set
 * on the CDN in front, listed under `cdn`.
 */
export function objectMetadata(opts: { https: boolean }): Record<string, unknown> {
  return {
    objects: {
      '**/*.html': { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
      '**/*.xml': { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' },
      '_astro/**': { 'Cache-Control': 'public, max-age=31536000, immutable' },
    },
    cdn: Object.fromEntries(staticHostHeaders(opts)),
  };
}

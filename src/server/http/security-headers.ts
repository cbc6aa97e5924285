/**
 * Security headers of every response (issue 13). Pages get a strict
 * Content-Security-Policy: scripts only from the site and the inline scripts
 * the page was rendered with, by hash (no 'unsafe-inline'), frames only from
 * the site (the ad frames) and the live-player allowlist, and no framing by
 * other sites. Every other response gets a policy that allows nothing, since
 * none of them is a document.
 */
import { createHash } from 'node:crypto';
import { EMBED_HOSTS } from '../../shared/live-embed.ts';

/** Where browsers report violations (stored, rate limited: src/server/api/routes/security). */
export const CSP_REPORT_PATH = '/api/csp/report';

/**
 * The policy of XML documents (sitemap, RSS): nothing may load or run, but a browser showing
 * the raw XML styles its own tree view inline (and draws its arrows as data: images), which
 * `default-src 'none'` would block.
 */
export const XML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'";

/** Headers every response carries, whatever it is. */
export function baseSecurityHeaders(opts: { production: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'; base-uri 'none'"],
  ];
  // HSTS only where the site is served over https (production behind TLS).
  if (opts.production)
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources of the inline scripts of a page (JSON data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}

/** ' <origin>' of an address setting, or '' when unset or not an address. */
function originOf(raw: string | undefined): string {
  if (!raw) return '';
  try {
    return ` ${new URL(raw).origin}`;
  } catch {
    return '';
  }
}

/** A separate API origin (API_ORIGIN) the islands call: allowed even when it is plain http. */
function apiOrigin(): string {
  return originOf(process.env.API_ORIGIN);
}

/**
 * Where players fetch media (MEDIA_ORIGIN, else API_ORIGIN; config.mediaOrigin): allowed even
 * when it is plain http.
 */
function mediaOrigin(): string {
  return originOf(process.env.MEDIA_ORIGIN || process.env.API_ORIGIN);
}

/**
 * The media bucket's origin (MEDIA_STORAGE=s3, S3_ENDPOINT) when it is plain http (a local S3
 * server): players fetch sealed segments from its pre-signed addresses. https is allowed anyway.
 */
function mediaBucketOrigin(): string {
  const raw = process.env.S3_ENDPOINT;
  if (process.env.MEDIA_STORAGE?.trim() !== 's3' || !raw) return '';
  try {
    const u = new URL(raw.trim());
    return u.protocol === 'http:' ? ` ${u.origin}` : '';
  } catch {
    return '';
  }
}

/** The Content-Security-Policy of a rendered page. */
export function pageCsp(html: string): string {
  const players = EMBED_HOSTS.map((h) => `https://${h}`).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    // Ad slots and islands size elements with style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `media-src 'self' blob: https:${mediaOrigin()}${mediaBucketOrigin()}`,
    "font-src 'self' data:",
    // hls.js fetches playlists and segments, which may come from a media CDN or the bucket.
    `connect-src 'self' https:${[...new Set([apiOrigin(), mediaOrigin()])].join('')}${mediaBucketOrigin()}`,
    "worker-src 'self' blob:",
    `frame-src 'self' ${players}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

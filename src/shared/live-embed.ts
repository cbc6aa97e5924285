/**
 * The player embed of a live broadcast (spec 3: htmlUrl; "if it is an iframe
 * tag, the first URL inside is extracted"). Editors paste a player's embed
 * code, so the stored value is untrusted markup: the platform never renders
 * it. It keeps only one https URL on an allowlisted player host and builds
 * its own sandboxed iframe around it (islands/live/LiveEmbed.tsx). Anything
 * else (other schemes, srcdoc, event attributes, nested or extra tags,
 * unknown hosts, credentials, odd characters) yields null and renders nothing.
 * Pure, so the server and the island apply the same rule.
 */

/** Hosts whose players may be embedded (exact names, https only). */
export const EMBED_HOSTS: readonly string[] = [
  'player.polyv.net',
  'live.polyv.cn',
  'live.polyv.net',
  'player.bilibili.com',
  'v.qq.com',
  'player.youku.com',
];

/** Attributes an embed code may carry; any other one (srcdoc, on*, style…) rejects the whole value. */
const ALLOWED_ATTRS = new Set([
  'src',
  'width',
  'height',
  'frameborder',
  'allowfullscreen',
  'allow',
  'scrolling',
  'title',
  'border',
  'marginwidth',
  'marginheight',
  'webkitallowfullscreen',
  'mozallowfullscreen',
]);

/** The attributes of one start tag's inside, or null if any is malformed or repeated. */
function parseAttrs(inside: string): Map<string, string> | null {
  const attrs = new Map<string, string>();
  const re = /\s*([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
  let at = 0;
  while (at < inside.length) {
    if (/^\s*\/?\s*$/.test(inside.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(inside);
    if (!m || m[0].length === 0) return null;
    const name = m[1]!.toLowerCase();
    if (attrs.has(name)) return null;
    attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '');
    at = re.lastIndex;
  }
  return attrs;
}

/** The src of a value that is exactly one iframe element, or null. */
function iframeSrc(value: string): string | null {
  const m = /^<iframe(\s[^<>]*)?>\s*(?:<\/iframe\s*>)?$/i.exec(value);
  if (!m) return null;
  const attrs = parseAttrs(m[1] ?? '');
  if (!attrs) return null;
  for (const name of attrs.keys()) if (!ALLOWED_ATTRS.has(name)) return null;
  return attrs.get('src') ?? null;
}

/** An allowlisted https player URL, normalised, or null. */
export function allowedPlayerUrl(raw: string): string | null {
  // Only &amp; is decoded (embed codes escape query separators); any other
  // entity, quote, angle bracket, backslash, space or control character is refused.
  const value = raw.trim().replace(/&amp;/g, '&');
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\s"'<>`\\\u0000-\u001f\u007f]|&#|&[a-z]+;/i.test(value)) return null;
  if (value.startsWith('//')) return allowedPlayerUrl(`https:${value}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (!EMBED_HOSTS.includes(url.hostname)) return null;
  return url.href;
}

/**
 * The player URL to embed from a stored htmlUrl, or null to render nothing.
 * embedUrlOf('<iframe src="https://player.polyv.net/live/1"></iframe>') → 'https://player.polyv.net/live/1'
 * embedUrlOf('<iframe srcdoc="<script>…"></iframe>') → null
 */
export function embedUrlOf(htmlUrl: string | null | undefined): string | null {
  if (typeof htmlUrl !== 'string') return null;
  const value = htmlUrl.trim();
  if (value === '' || value.length > 2000) return null;
  if (value.startsWith('<')) {
    const src = iframeSrc(value);
    return src === null ? null : allowedPlayerUrl(src);
  }
  return allowedPlayerUrl(value);
}

/** The sandbox the platform's own iframe gets: the player runs, but cannot navigate the page or open popups. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

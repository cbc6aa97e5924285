/**
 * Sends an in-memory body with its precompressed forms: picks br, gzip or
 * identity from Accept-Encoding, answers If-None-Match with 304.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Buffered {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

/**
 * The request headers the fast path reads, taken from `rawHeaders` in one pass. Reading
 * `req.headers` builds an object of every header on each request, a cost the answers from
 * memory do not otherwise have. As Node joins them: a repeated Host or User-Agent keeps its
 * first value, a repeated Accept-Encoding or If-None-Match is joined with ", ".
 */
export interface FastHeaders {
  host: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  userAgent: string | undefined;
}

const join = (a: string | undefined, b: string) => (a === undefined ? b : `${a}, ${b}`);

/** fastHeaders(req) → { host: 'example.com', acceptEncoding: 'br, gzip', … } */
export function fastHeaders(req: IncomingMessage): FastHeaders {
  const raw = req.rawHeaders;
  const h: FastHeaders = {
    host: '',
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    userAgent: undefined,
  };
  let hostSeen = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    // The length first: most headers are passed over without lowercasing their name.
    switch (name.length) {
      case 4:
        if (!hostSeen && name.toLowerCase() === 'host') [h.host, hostSeen] = [raw[i + 1]!, true];
        break;
      case 10:
        if (h.userAgent === undefined && name.toLowerCase() === 'user-agent')
          h.userAgent = raw[i + 1]!;
        break;
      case 13:
        if (name.toLowerCase() === 'if-none-match')
          h.ifNoneMatch = join(h.ifNoneMatch, raw[i + 1]!);
        break;
      case 15:
        if (name.toLowerCase() === 'accept-encoding')
          h.acceptEncoding = join(h.acceptEncoding, raw[i + 1]!);
        break;
    }
  }
  return h;
}

/** Answers of `pickEncoding` by Accept-Encoding value: browsers send a handful of values. */
const picked = new Map<string, 'br' | 'gzip' | null>();

/** pickEncoding('gzip, deflate, br') → 'br' */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const known = picked.get(accept);
  if (known !== undefined) return known;
  const enc = parseEncoding(accept);
  // Bounded: a client making up values cannot grow it.
  if (picked.size >= 256) picked.clear();
  picked.set(accept, enc);
  return enc;
}

function parseEncoding(accept: string): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set((name ?? '').trim(), q ? Number(q.slice(2)) : 1);
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** The raw header list of one encoding of an item, made once per item (the hot path of every hit). */
interface Prepared {
  identity: string[];
  br: string[] | null;
  gzip: string[] | null;
}
const prepared = new WeakMap<Buffered, Prepared>();

/**
 * The item's headers over `base` (a header of the item replaces the base one
 * of the same name), with ETag, Vary, and each encoding's Content-Encoding
 * and Content-Length, as flat [name, value, …] lists.
 */
function prepare(item: Buffered, base: [string, string][]): Prepared {
  const byName = new Map<string, [string, string]>();
  for (const h of [...base, ...item.headers]) byName.set(h[0].toLowerCase(), h);
  byName.set('etag', ['ETag', item.etag]);
  const compressed = item.br !== null || item.gzip !== null;
  if (compressed) byName.set('vary', ['Vary', 'Accept-Encoding']);
  const common = [...byName.values()].filter(([k]) => k.toLowerCase() !== 'content-length');
  const list = (body: Buffer, enc: string | null) =>
    [
      ...common,
      ...(enc ? [['Content-Encoding', enc] as [string, string]] : []),
      ['Content-Length', String(body.length)] as [string, string],
    ].flat();
  return {
    identity: list(item.body, null),
    br: item.br ? list(item.br, 'br') : null,
    gzip: item.gzip ? list(item.gzip, 'gzip') : null,
  };
}

/**
 * Answers from memory with one writeHead of precomputed headers (no
 * per-request header objects): the cached-page and static-asset fast path.
 * `base` are headers every answer carries (security headers); they must be
 * the same array for a given item, since the result is kept per item.
 * `headers`: the request's, when the caller has read them already.
 */
export function sendBuffered(
  req: IncomingMessage,
  res: ServerResponse,
  item: Buffered,
  base: [string, string][] = [],
  headers: FastHeaders = fastHeaders(req),
): void {
  let p = prepared.get(item);
  if (!p) {
    p = prepare(item, base);
    prepared.set(item, p);
  }
  const inm = headers.ifNoneMatch;
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === item.etag)) {
    res.writeHead(304, p.identity.slice(0, -2));
    res.end();
    return;
  }
  const enc = p.br || p.gzip ? pickEncoding(headers.acceptEncoding) : null;
  if (enc === 'br' && p.br && item.br) {
    res.writeHead(item.status, p.br);
    res.end(req.method === 'HEAD' ? undefined : item.br);
  } else if (enc === 'gzip' && p.gzip && item.gzip) {
    res.writeHead(item.status, p.gzip);
    res.end(req.method === 'HEAD' ? undefined : item.gzip);
  } else {
    res.writeHead(item.status, p.identity);
    res.end(req.method === 'HEAD' ? undefined : item.body);
  }
}

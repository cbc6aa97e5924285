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

/** pickEncoding('gzip, deflate, br') → 'br' */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
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

export function sendBuffered(
  req: IncomingMessage,
  res: ServerResponse,
  item: Buffered,
  extra: Record<string, string> = {},
): void {
  for (const [k, v] of item.headers) res.setHeader(k, v);
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.setHeader('ETag', item.etag);
  const compressed = item.br !== null || item.gzip !== null;
  if (compressed) res.setHeader('Vary', 'Accept-Encoding');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === item.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const enc = compressed ? pickEncoding(req.headers['accept-encoding']) : null;
  const body =
    enc === 'br' && item.br ? item.br : enc === 'gzip' && item.gzip ? item.gzip : item.body;
  if (body !== item.body) res.setHeader('Content-Encoding', enc!);
  res.setHeader('Content-Length', body.length);
  res.statusCode = item.status;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The answer of GET/HEAD /media/<path> (src/pages/media/[...path].ts): a file of the media
 * store, streamed, one byte range per request (206 with Content-Range, which players ask for
 * when seeking in an MP4). Open media (generated videos and covers, uploads) as asked; sealed
 * lesson and broadcast media only through a grant bound to the request's session
 * (media-grant.ts), checked with an HMAC and no query; anything else a 403 with its reason.
 * When the store is a bucket, granted media are answered through pre-signed addresses of it
 * (media-bucket.ts): the playlist rewritten, anything else a redirect; the app sends no bytes.
 */
import type { MediaStore } from '../../../providers/storage/media.ts';
import { mediaCacheControl, parseRange } from '../../../providers/storage/media.ts';
import { bearerToken } from '../../accounts/index.ts';
import { bucketAnswer } from './media-bucket.ts';
import { checkGrant } from './media-grant.ts';
import { LEARNING_MSG } from '../messages.ts';

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });

/** Whether a path needs a grant (and so the site's key): sealed files and granted addresses. */
export function isSealedPath(path: string): boolean {
  return path.startsWith('s/') || path.startsWith('sealed/');
}

export interface MediaRequest {
  path: string;
  request: Request;
  /** The session cookie's value, if any. */
  session?: string | null;
  /** The site's grant key and the time, asked for only when the path is sealed. */
  sealed: () => Promise<{ key: Buffer; now: Date }>;
}

export async function serveMedia(store: MediaStore, r: MediaRequest): Promise<Response> {
  let key = r.path;
  if (isSealedPath(r.path)) {
    const { key: secret, now } = await r.sealed();
    const bearer = bearerToken(r.request.headers.get('authorization'));
    const check = checkGrant(secret, r.path, [r.session, bearer], now);
    if (!check.ok) return plain(403, LEARNING_MSG.grant[check.reason]);
    key = check.key;
    // From a bucket the bytes come straight from it, through pre-signed addresses.
    const presign = store.presign?.bind(store);
    if (check.expires !== undefined && presign)
      return bucketAnswer(store, presign, key, check.expires, now, r.request);
  }
  const file = await store.open(key, parseRange(r.request.headers.get('range')));
  if (!file) return plain(404, 'Not Found');
  if ('unsatisfiable' in file)
    return new Response(null, {
      status: 416,
      headers: { 'Content-Range': `bytes */${file.size}`, 'Cache-Control': 'no-store' },
    });
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': mediaCacheControl(key),
  };
  const head = r.request.method === 'HEAD';
  if (head) void file.body.cancel();
  if (!file.range) {
    headers['Content-Length'] = String(file.size);
    return new Response(head ? null : file.body, { status: 200, headers });
  }
  const { start, end } = file.range;
  headers['Content-Length'] = String(end - start + 1);
  headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  return new Response(head ? null : file.body, { status: 206, headers });
}

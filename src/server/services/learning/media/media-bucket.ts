/**
 * Sealed media in a bucket (issue 23, MEDIA_STORAGE=s3): once the app has checked a grant
 * (media-grant.ts: the member, the session, the expiry; the app stays the only gate), the
 * bytes come straight from the bucket through pre-signed addresses that end no later than
 * the grant (providers/storage/media-presign.ts), so no segment costs an app round trip.
 *
 * - A playlist is read from the bucket and answered by the app with every segment and init
 *   URI (`seg-003.m4s`, `#EXT-X-MAP:URI="init.mp4"`) replaced by its object's pre-signed
 *   address. References to other playlists (a master's `720p/index.m3u8`) stay relative, so
 *   they come back to the app through the grant; the answer is `private, no-store`, since it
 *   carries signatures.
 * - Any other file (an MP4, or a segment asked for by its granted address) answers 302 to its
 *   pre-signed address, so byte ranges go to the bucket.
 *
 * A URI that is not a plain relative name inside the item (a scheme, `/`, `..`), or whose key
 * the store does not sign, is left as it is: it then comes back through the grant too. An
 * unsigned object address is never handed out.
 */
import type { MediaStore } from '../../../providers/storage/media.ts';
import { mediaType } from '../../../providers/storage/media.ts';
import { PRESIGN_MAX_SECONDS } from '../../../providers/storage/media-presign.ts';

/** A relative name inside the playlist's folder: `seg-001.m4s`, `720p/index.m3u8`. */
const RELATIVE = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const PLAYLIST = /\.m3u8$/i;
const MAP_URI = /^(#EXT-X-MAP:(?:.*,)?URI=")([^"]*)(".*)$/;

/**
 * The playlist `text`, read from the store under `key` (`sealed/<item>/index.m3u8` or
 * `sealed/<item>/720p/index.m3u8`), with each segment and init URI replaced by what `sign`
 * answers for its key (null: left as it is). Playlists referenced stay relative.
 */
export async function presignPlaylist(
  text: string,
  key: string,
  sign: (key: string) => Promise<string | null>,
): Promise<string> {
  const folder = key.slice(0, key.lastIndexOf('/') + 1);
  const signed = new Map<string, Promise<string | null>>();
  const address = (uri: string): Promise<string | null> | null => {
    if (!RELATIVE.test(uri) || PLAYLIST.test(uri)) return null;
    let s = signed.get(uri);
    if (!s) signed.set(uri, (s = sign(folder + uri)));
    return s;
  };
  const lines = text.split(/\r?\n/);
  const out = await Promise.all(
    lines.map(async (line) => {
      const map = MAP_URI.exec(line);
      if (map) {
        const url = await address(map[2]!);
        return url ? `${map[1]}${url}${map[3]}` : line;
      }
      const uri = line.trim();
      if (!uri || uri.startsWith('#')) return line;
      return (await address(uri)) ?? line;
    }),
  );
  return out.join('\n');
}

/** Seconds a pre-signed address may live for a grant ending at `expires` (Unix seconds). */
export function presignSeconds(expires: number, now: Date): number {
  return Math.max(1, Math.min(PRESIGN_MAX_SECONDS, Math.floor(expires - now.getTime() / 1000)));
}

const NO_STORE = 'private, no-store';

/**
 * The answer for a sealed `key` whose grant ends at `expires`, from a store that signs
 * addresses: the playlist rewritten, anything else a redirect; 404 when the store lacks it.
 */
export async function bucketAnswer(
  store: MediaStore,
  presign: NonNullable<MediaStore['presign']>,
  key: string,
  expires: number,
  now: Date,
  request: Request,
): Promise<Response> {
  const seconds = presignSeconds(expires, now);
  const notFound = () =>
    new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  if (!PLAYLIST.test(key)) {
    const url = await presign(key, seconds, now);
    if (!url) return notFound();
    return new Response(null, {
      status: 302,
      headers: { Location: url, 'Cache-Control': NO_STORE },
    });
  }
  const file = await store.open(key);
  if (!file || 'unsatisfiable' in file) return notFound();
  const text = await new Response(file.body).text();
  const body = new TextEncoder().encode(
    await presignPlaylist(text, key, (k) => presign(k, seconds, now)),
  );
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'Content-Type': mediaType(key),
      'Content-Length': String(body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': NO_STORE,
    },
  });
}

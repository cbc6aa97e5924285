/**
 * Media grants (issue 23): the bytes of lesson and broadcast media are served only against a
 * short-lived grant that an entitled play call issued.
 *
 * Such media are *sealed*: stored under `sealed/<name>/` (names of 24 hex digits, never a
 * lesson number), with the catalogue pointing at `/media/sealed/<name>/index.m3u8` (HLS) or
 * `/media/sealed/<name>/video.mp4` (an upload). That address itself answers 403. The play call
 * hands out `/media/s/<grant>/<name>/index.m3u8`: the playlist's relative segment and init
 * URLs then carry the grant too, so any HLS player (hls.js or native) sends it with every byte.
 *
 * A grant is `<expiry>.<member>.<signature>`: the expiry in Unix seconds and the member id in
 * base 36, and 128 bits of HMAC-SHA256, under the site's own key (lib/secrets.ts), over the
 * item's name, the expiry, the member and the member's session token. Checking one costs an
 * HMAC and no query: the session token comes with the request (the session cookie, or the
 * bearer token of an app), so a grant copied into another browser, which lacks the buyer's
 * session, fails its signature. A visitor's grant (free courses and free previews only) is
 * bound to no session: what it opens is free.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Deps } from '../../../deps.ts';
import { siteSecret } from '../../lib/index.ts';

/** How long a grant opens its item; players renew it halfway (LessonPlayer, LivePlayer). */
export const GRANT_SECONDS = 600;

const NAME = '[0-9a-f]{24}';
/**
 * The files of a sealed item: one HLS rendition (playlist, init, segments) or a ladder (the
 * master playlist, and each rung's rendition in 360p/, 720p/ or 1080p/; media-ladder.ts), or
 * one MP4.
 */
const FILE =
  '(?:(?:(?:360p|720p|1080p)/)?(?:index\\.m3u8|init\\.mp4|seg-\\d{3}\\.m4s)|video\\.mp4)';
const SEALED_URL = new RegExp(`^/media/sealed/(${NAME})/(index\\.m3u8|video\\.mp4)$`);
const GRANTED_KEY = new RegExp(
  `^s/([0-9a-z]{1,10})\\.([0-9a-z]{1,10})\\.([A-Za-z0-9_-]{22})/(${NAME})/(${FILE})$`,
);

/** The store key of a sealed file: 'sealed/0123…/seg-001.m4s', 'sealed/0123…/720p/seg-001.m4s'. */
export const SEALED_KEY = new RegExp(`^sealed/${NAME}/${FILE}$`);

/** The item name and file of a sealed catalogue URL, or null for any other address. */
export function sealedItem(url: string | null | undefined): { name: string; file: string } | null {
  const m = SEALED_URL.exec(url ?? '');
  return m ? { name: m[1]!, file: m[2]! } : null;
}

export interface MediaGrant {
  /** The address the player loads: the granted one for sealed media, else the URL as stored. */
  url: string;
  /** When a granted address stops opening its item (ISO); null for open media. */
  expiresAt: string | null;
}

/** The key as a KeyObject, made once per key: an HMAC over a raw Buffer prepares it every call. */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let k = keyObjects.get(key);
  if (!k) keyObjects.set(key, (k = createSecretKey(key)));
  return k;
}

function signature(key: Buffer, name: string, exp: string, member: string, session: string) {
  return createHmac('sha256', keyObject(key))
    .update(`${name}\n${exp}\n${member}\n${session}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The address a player is given for `url`: a granted one for sealed media, valid GRANT_SECONDS
 * from `now` for this member (0 for a visitor) and session; any other URL as it is.
 */
export function grantFor(
  key: Buffer,
  url: string,
  who: { memberId: number | null; session: string | null },
  now: Date,
): MediaGrant {
  const item = sealedItem(url);
  if (!item) return { url, expiresAt: null };
  const expSeconds = Math.floor(now.getTime() / 1000) + GRANT_SECONDS;
  const exp = expSeconds.toString(36);
  const member = (who.memberId ?? 0).toString(36);
  const session = who.memberId === null ? '' : (who.session ?? '');
  const sig = signature(key, item.name, exp, member, session);
  return {
    url: `/media/s/${exp}.${member}.${sig}/${item.name}/${item.file}`,
    expiresAt: new Date(expSeconds * 1000).toISOString(),
  };
}

/** Grants verified for a session (grant, item and session → the key that signed them). */
const verified = new Map<string, Buffer>();
const VERIFIED_MAX = 10_000;
function remember(seen: string, key: Buffer): void {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(seen, key);
}

export type GrantCheck =
  /** `expires`: when the grant ends (Unix seconds), for a granted path only. */
  | { ok: true; key: string; expires?: number }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/**
 * Whether a request for `path` (the part after /media/) may have its bytes: sealed paths
 * only through a grant that is signed by this site, for this item, unexpired, and bound to
 * one of the request's session tokens (cookie, bearer). Answers the store key to open.
 * Paths that are not sealed are not this function's business (ok with the path itself).
 */
export function checkGrant(
  key: Buffer,
  path: string,
  sessions: readonly (string | null | undefined)[],
  now: Date,
): GrantCheck {
  if (path.startsWith('sealed/')) return { ok: false, reason: 'missing' };
  if (!path.startsWith('s/')) return { ok: true, key: path };
  const m = GRANTED_KEY.exec(path);
  if (!m) return { ok: false, reason: 'invalid' };
  const [, exp, member, sig, name, file] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const tokens = member === '0' ? [''] : sessions.filter((s): s is string => Boolean(s));
  // A player asks for a grant's segments one after another: a grant once verified for a
  // session is remembered (bounded), so the next segment costs a map lookup, not an HMAC.
  const grant = `${exp}.${member}.${sig}/${name}`;
  const signed = tokens.some((s) => {
    const seen = `${grant}\n${s}`;
    if (verified.get(seen) === key) return true;
    const given = Buffer.from(sig, 'base64url');
    const ok = timingSafeEqual(
      given,
      Buffer.from(signature(key, name, exp, member, s), 'base64url'),
    );
    if (ok) remember(seen, key);
    return ok;
  });
  if (!signed) return { ok: false, reason: 'invalid' };
  const expires = Number.parseInt(exp, 36);
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, key: `sealed/${name}/${file}`, expires };
}

/** The site's key for media grants, made once per site (lib/secrets.ts). */
export function mediaGrantKey(deps: Pick<Deps, 'db'>): Promise<Buffer> {
  return siteSecret(deps.db, 'media-grant');
}

/**
 * grantFor with the site's key and clock: what a play call hands a player for `url`, on the
 * media origin (MEDIA_ORIGIN or API_ORIGIN) when there is one, so a page served from elsewhere
 * (a static export) plays it.
 */
export async function grantMedia(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  url: string,
  who: { memberId: number | null; session: string | null },
): Promise<MediaGrant> {
  const onOrigin = (g: MediaGrant): MediaGrant =>
    g.url.startsWith('/media/') ? { ...g, url: deps.config.mediaOrigin + g.url } : g;
  if (!sealedItem(url)) return onOrigin({ url, expiresAt: null });
  return onOrigin(grantFor(await mediaGrantKey(deps), url, who, deps.clock.now()));
}

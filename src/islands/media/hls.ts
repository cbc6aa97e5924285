/**
 * Plays an HLS stream in a <video>: through hls.js over Media Source Extensions wherever the
 * browser has them (so every browser gets the same loading, renewal and quality choice:
 * quality.ts), natively where it has no MSE but plays HLS itself (older iOS).
 * hls.js (~400 KB) is imported here only, so it is fetched when a player actually starts,
 * never on page load (a course page's lesson player starts once it is on screen: HlsVideo's
 * `whenSeen`).
 *
 * Sealed media (lessons, broadcasts) come with a grant in their address
 * (/media/s/<grant>/<item>/index.m3u8, services/learning/media/media-grant.ts) that ends within
 * minutes: given `renew`, the player asks for a fresh one halfway through each, and every
 * later request of hls.js carries the newest; a native player reloads at its position when
 * an ended grant stops it. With the media in a bucket (MEDIA_STORAGE=s3) a sealed playlist
 * lists pre-signed object addresses that end with the grant: on each renewal the playlists
 * are read again through the new grant, and later segment requests use their fresh addresses.
 */
import { loadChunk } from '../../client/chunk-load.ts';
import {
  preferredLevel,
  QUALITY_EVENT,
  setQualityControl,
  storedQuality,
  storeQuality,
  toLevels,
} from './quality.ts';
import type { MediaGrant } from '../../server/services/learning/index.ts';

/** A playable address and when its grant ends (null: open media, nothing to renew). */
export type Grant = MediaGrant;

const GRANT_PART = /\/media\/s\/[^/]+\//;

/** The request URL with the grant of `latest`: withGrant('/media/s/a/x/seg-001.m4s', '/media/s/b/x/index.m3u8') → '/media/s/b/x/seg-001.m4s' */
export function withGrant(url: string, latest: string): string {
  const part = GRANT_PART.exec(latest)?.[0];
  return part ? url.replace(GRANT_PART, part) : url;
}

const MAP_URI = /^#EXT-X-MAP:(?:.*,)?URI="([^"]+)"/;

/**
 * The pre-signed bucket addresses a playlist lists (segments, init), each by its object's
 * address without the signature: `https://b.example.cn/m/seg-001.m4s` → its signed address.
 */
export function signedAddresses(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const uri = MAP_URI.exec(line)?.[1] ?? (line.startsWith('#') ? '' : line.trim());
    if (/^https?:\/\//.test(uri) && uri.includes('?')) out.set(uri.slice(0, uri.indexOf('?')), uri);
  }
  return out;
}

/** The newest signed address of a bucket object, or the URL as it is. */
export function freshAddress(url: string, fresh: ReadonlyMap<string, string>): string {
  const q = url.indexOf('?');
  return (q > 0 && fresh.get(url.slice(0, q))) || url;
}

/** Milliseconds until a grant should be renewed: halfway to its end, at least 5 s from now. */
export function renewDelay(expiresAt: string | null, now = Date.now()): number | null {
  if (!expiresAt) return null;
  return Math.max(5_000, (new Date(expiresAt).getTime() - now) / 2);
}

/** Attaches the stream; resolves to a function that detaches it. */
export async function attachHls(
  video: HTMLVideoElement,
  src: string | Grant,
  renew?: () => Promise<Grant | null>,
): Promise<() => void> {
  let grant: Grant = typeof src === 'string' ? { url: src, expiresAt: null } : src;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Sealed playlists hls.js loaded, and whether their segments come from a bucket: then the
  // newest pre-signed address of each object, read through each renewed grant.
  const playlists = new Set<string>();
  let fromBucket = false;
  const fresh = new Map<string, string>();
  const renewed = async (next: Grant | null) => {
    if (!next || stopped) return;
    grant = next;
    if (!fromBucket) return;
    await Promise.all(
      [...playlists].map(async (url) => {
        const res = await fetch(withGrant(url, grant.url)).catch(() => null);
        if (res?.ok) for (const [k, v] of signedAddresses(await res.text())) fresh.set(k, v);
      }),
    );
  };
  const schedule = () => {
    const wait = renew ? renewDelay(grant.expiresAt) : null;
    if (wait === null || stopped) return;
    timer = setTimeout(() => {
      void renew!().then(renewed).then(schedule);
    }, wait);
  };
  schedule();
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };

  // The player library is a chunk of its own: it gets spec 9's chunkLoadTimeoutMs too, and
  // one that never arrives is the player's failure (its caller shows the retry message).
  const { default: Hls } = await loadChunk(() => import('hls.js')).catch((err: unknown) => {
    stop();
    throw err;
  });
  if (!Hls.isSupported()) {
    video.src = grant.url;
    // Native HLS keeps the address it was given: when its grant has ended, start again
    // from where it stopped with the newest one.
    const onError = () => {
      if (!renew || !grant.expiresAt) return;
      const at = video.currentTime;
      void renew().then((next) => {
        if (!next || stopped) return;
        grant = next;
        video.src = next.url;
        video.currentTime = at;
        void video.play().catch(() => undefined);
      });
    };
    video.addEventListener('error', onError);
    // The browser picks the rung itself: 自动 is all there is to offer.
    setQualityControl(video, { levels: [], chosen: () => -1, playing: () => -1, choose() {} });
    return () => {
      stop();
      setQualityControl(video, null);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    };
  }
  // Every playlist, init and segment request goes out with the newest grant.
  const Base = Hls.DefaultConfig.loader;
  class GrantLoader extends Base {
    override load(...args: Parameters<InstanceType<typeof Base>['load']>) {
      const url = args[0].url;
      if (GRANT_PART.test(url) && /\.m3u8(?:$|\?)/.test(url)) playlists.add(url);
      else if ('frag' in args[0] && !GRANT_PART.test(url)) fromBucket ||= grant.expiresAt !== null;
      args[0].url = freshAddress(withGrant(url, grant.url), fresh);
      super.load(...args);
    }
  }
  const hls = new Hls({
    enableWorker: true,
    lowLatencyMode: false,
    loader: GrantLoader,
    // Granted media on another of the site's origins (MEDIA_ORIGIN, a page of the static
    // export): the grant is bound to the session, so its cookie goes along. Bucket addresses
    // carry their own signature and get no cookie.
    xhrSetup(xhr, url) {
      if (GRANT_PART.test(url) && new URL(url, location.href).origin !== location.origin)
        xhr.withCredentials = true;
    },
  });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      // An ended grant (a long pause): renew, then load again from where it stopped.
      if (renew && grant.expiresAt && data.response?.code === 403)
        void renew()
          .then(renewed)
          .then(() => hls.startLoad(video.currentTime));
      else hls.startLoad();
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else video.dispatchEvent(new Event('error'));
  });
  // A ladder's rungs for the 画质 menu. The remembered rung is held from the first fragment
  // (loadLevel: nothing to flush yet); a choice while playing switches at once (currentLevel
  // flushes the buffer and loads the new rung where the video stands, so the position and the
  // play state stay), and 自动 hands back to hls.js without flushing.
  const changed = () => video.dispatchEvent(new Event(QUALITY_EVENT));
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    const levels = toLevels(hls.levels);
    const held = preferredLevel(levels, storedQuality());
    if (levels.length > 1 && held >= 0) hls.loadLevel = held;
    setQualityControl(video, {
      levels: levels.length > 1 ? levels : [],
      chosen: () => (hls.autoLevelEnabled ? -1 : hls.manualLevel),
      playing: () => hls.currentLevel,
      choose(index) {
        storeQuality(levels.find((l) => l.index === index)?.height ?? null);
        if (index < 0) hls.loadLevel = -1;
        else hls.currentLevel = index;
        changed();
      },
    });
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, changed);
  hls.loadSource(grant.url);
  hls.attachMedia(video);
  return () => {
    stop();
    setQualityControl(video, null);
    hls.destroy();
  };
}

/**
 * Starts playback; when the browser's autoplay policy refuses sound without
 * a gesture, plays muted instead (always allowed). Resolves to whether it plays.
 */
export async function playSafely(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return true;
  } catch {
    video.muted = true;
    try {
      await video.play();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Plays an HLS stream in a <video>: through hls.js over Media Source Extensions wherever the
 * browser has them (so every browser gets the same loading, renewal and, later, quality
 * choice), natively where it has no MSE but plays HLS itself (older iOS).
 * hls.js (~400 KB) is imported here only, so it is fetched when a player actually starts,
 * never on page load.
 *
 * Sealed media (lessons, broadcasts) come with a grant in their address
 * (/media/s/<grant>/<item>/index.m3u8, services/learning/media-grant.ts) that ends within
 * minutes: given `renew`, the player asks for a fresh one halfway through each, and every
 * later request of hls.js carries the newest; a native player reloads at its position when
 * an ended grant stops it.
 */
import { loadChunk } from '../../client/chunk-load.ts';

/** A playable address and when its grant ends (null: open media, nothing to renew). */
export interface Grant {
  url: string;
  expiresAt: string | null;
}

const GRANT_PART = /\/media\/s\/[^/]+\//;

/** The request URL with the grant of `latest`: withGrant('/media/s/a/x/seg-001.m4s', '/media/s/b/x/index.m3u8') → '/media/s/b/x/seg-001.m4s' */
export function withGrant(url: string, latest: string): string {
  const part = GRANT_PART.exec(latest)?.[0];
  return part ? url.replace(GRANT_PART, part) : url;
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
  const schedule = () => {
    const wait = renew ? renewDelay(grant.expiresAt) : null;
    if (wait === null || stopped) return;
    timer = setTimeout(() => {
      void renew!().then((next) => {
        if (next && !stopped) grant = next;
        schedule();
      });
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
    return () => {
      stop();
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    };
  }
  // Every playlist, init and segment request goes out with the newest grant.
  const Base = Hls.DefaultConfig.loader;
  class GrantLoader extends Base {
    override load(...args: Parameters<InstanceType<typeof Base>['load']>) {
      args[0].url = withGrant(args[0].url, grant.url);
      super.load(...args);
    }
  }
  const hls = new Hls({ enableWorker: true, lowLatencyMode: false, loader: GrantLoader });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      // An ended grant (a long pause): renew, then load again from where it stopped.
      if (renew && grant.expiresAt && data.response?.code === 403)
        void renew().then((next) => {
          if (next && !stopped) grant = next;
          hls.startLoad(video.currentTime);
        });
      else hls.startLoad();
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else video.dispatchEvent(new Event('error'));
  });
  hls.loadSource(grant.url);
  hls.attachMedia(video);
  return () => {
    stop();
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

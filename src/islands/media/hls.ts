/**
 * Plays an HLS stream in a <video>: natively where the browser has HLS
 * (Safari, iOS), otherwise through hls.js over Media Source Extensions.
 * hls.js (~400 KB) is imported here only, so it is fetched when a player
 * actually starts, never on page load.
 */

/** Attaches the stream; resolves to a function that detaches it. */
export async function attachHls(video: HTMLVideoElement, src: string): Promise<() => void> {
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    // Last resort: let the browser try; an error event reaches the caller's handler.
    video.src = src;
    return () => video.removeAttribute('src');
  }
  const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else video.dispatchEvent(new Event('error'));
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return () => hls.destroy();
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

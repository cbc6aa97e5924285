/**
 * Reports the media ranges a <video> actually plays (issue 6: watched
 * seconds, not wall time, not seeking forward). A range grows only while
 * timeupdate moves forward in small steps; a seek, a jump, a loop or a pause
 * closes it, and the next one starts where playback resumes; a stall (a quality switch
 * refilling the buffer) neither closes nor restarts it. Ranges go out
 * every few seconds so each stays within what the server accepts as real
 * playback since the previous report (duration.ts).
 */

export interface WatchReport {
  from?: number;
  to?: number;
  position: number;
}

/** Largest step between two timeupdates that still counts as continuous playback, at 1×. */
const MAX_STEP = 1.5;
/** How often an open range is sent while playing. */
const REPORT_MS = 5000;

/** Starts tracking; returns a function that stops it and sends what is left. */
export function trackWatching(
  video: HTMLVideoElement,
  send: (r: WatchReport, final?: boolean) => void,
): () => void {
  let start: number | null = null;
  let last = video.currentTime;

  /** Sends the open range, if there is one worth sending; answers whether it did. */
  const flush = (to: number, final = false) => {
    const sent = start !== null && to - start >= 0.2;
    if (sent) send({ from: start!, to, position: to }, final);
    start = null;
    return sent;
  };
  const onPlaying = () => {
    const t = video.currentTime;
    // Playing again where it stalled (a quality switch empties the buffer, a slow network):
    // the open range goes on, nothing is lost or counted twice.
    if (start !== null && t >= last && t - last <= MAX_STEP * Math.max(1, video.playbackRate)) {
      last = t;
      return;
    }
    if (start !== null) flush(last);
    start = t;
    last = t;
  };
  const onTime = () => {
    const t = video.currentTime;
    // Steps grow with the speed: at 2× the same timeupdate interval covers twice the media.
    if (start !== null && (t < last || t - last > MAX_STEP * Math.max(1, video.playbackRate))) {
      flush(last);
      start = video.paused ? null : t;
    }
    last = t;
  };
  const onSeeking = () => flush(last);
  const onSeeked = () => {
    last = video.currentTime;
    if (!video.paused) start = last;
    send({ position: Math.floor(last) });
  };
  // A pause always says where it stopped, so the lesson resumes there even when the range
  // since the last report was too short to send.
  const onStop = () => {
    if (!flush(last)) send({ position: Math.floor(last) });
  };
  const timer = setInterval(() => {
    if (start !== null && !video.paused && last > start) {
      const from = start;
      flush(last);
      start = last > from ? last : null;
    }
  }, REPORT_MS);
  const onHide = () => {
    const from = start;
    flush(last, true);
    if (from !== null && !video.paused) start = last;
  };

  video.addEventListener('playing', onPlaying);
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('seeked', onSeeked);
  video.addEventListener('pause', onStop);
  video.addEventListener('ended', onStop);
  addEventListener('pagehide', onHide);
  return () => {
    clearInterval(timer);
    flush(last, true);
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('seeked', onSeeked);
    video.removeEventListener('pause', onStop);
    video.removeEventListener('ended', onStop);
    removeEventListener('pagehide', onHide);
  };
}

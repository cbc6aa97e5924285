/** A <video> playing one HLS source (hls.ts), started at `startAt` seconds, its grant kept fresh. */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { attachHls, playSafely, type Grant } from './hls.ts';

interface Props {
  src: string;
  /** When the grant in a sealed `src` ends; with `renew`, the player keeps it fresh (hls.ts). */
  expiresAt?: string | null;
  renew?: () => Promise<Grant | null>;
  label: string;
  /** Picture shown until the first frame. */
  poster?: string;
  startAt?: number;
  autoPlay?: boolean;
  loop?: boolean;
  videoRef?: RefObject<HTMLVideoElement | null>;
  onReady?: (video: HTMLVideoElement) => void;
  onFail?: () => void;
  /**
   * Attach the stream only once the player is on screen: a course page's lesson player sits
   * below the fold on a phone, and hls.js (~400 KB, hundreds of milliseconds of a phone's main
   * thread to start) waits until the reader scrolls to it, picks a lesson or presses play
   * (issue 30).
   */
  whenSeen?: boolean;
  children?: ReactNode;
}

export default function HlsVideo(p: Props) {
  const own = useRef<HTMLVideoElement | null>(null);
  const ref = p.videoRef ?? own;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    /** Play was asked for before the stream was attached: it starts once it can. */
    let playAsked = false;
    const onMeta = () => {
      if (p.startAt && p.startAt > 0 && p.startAt < video.duration) video.currentTime = p.startAt;
      p.onReady?.(video);
      if (p.autoPlay || playAsked) void playSafely(video);
    };
    const onError = () => p.onFail?.();
    video.addEventListener('loadedmetadata', onMeta, { once: true });
    video.addEventListener('error', onError);
    let seen: IntersectionObserver | null = null;
    let attached = false;
    const attach = () => {
      if (attached) return;
      attached = true;
      seen?.disconnect();
      video.removeEventListener('play', onPlay);
      void attachHls(video, { url: p.src, expiresAt: p.expiresAt ?? null }, p.renew).then(
        (d) => (cancelled ? d() : (detach = d)),
        () => p.onFail?.(),
      );
    };
    // The player's own play control (or a script's play()) before the stream is there.
    const onPlay = () => {
      playAsked = true;
      attach();
    };
    if (p.whenSeen && typeof IntersectionObserver === 'function') {
      seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) attach();
      });
      seen.observe(video);
      video.addEventListener('play', onPlay);
    } else attach();
    return () => {
      cancelled = true;
      seen?.disconnect();
      video.removeEventListener('play', onPlay);
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('error', onError);
      detach?.();
    };
    // The source decides the stream; the callbacks are read once per source.
  }, [p.src]);
  return (
    <video
      ref={ref}
      className="hls-video"
      controls
      playsInline
      loop={p.loop}
      preload="metadata"
      poster={p.poster}
      aria-label={p.label}
      width="800"
      height="450"
    >
      {p.children}
    </video>
  );
}

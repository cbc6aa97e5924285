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
    const onMeta = () => {
      if (p.startAt && p.startAt > 0 && p.startAt < video.duration) video.currentTime = p.startAt;
      p.onReady?.(video);
      if (p.autoPlay) void playSafely(video);
    };
    const onError = () => p.onFail?.();
    video.addEventListener('loadedmetadata', onMeta, { once: true });
    video.addEventListener('error', onError);
    void attachHls(video, { url: p.src, expiresAt: p.expiresAt ?? null }, p.renew).then(
      (d) => (cancelled ? d() : (detach = d)),
      () => p.onFail?.(),
    );
    return () => {
      cancelled = true;
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

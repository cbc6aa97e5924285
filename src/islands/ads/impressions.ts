/**
 * Ad impressions: an ad counts once per page load when its slot has been at
 * least half visible for one second while that ad was the one shown.
 */
import { sendAdEvent } from '../../client/analytics.ts';

/** How long a slot must stay visible for an impression. */
export const IMPRESSION_MS = 1000;

export interface ImpressionTracker {
  /** The ad now shown in the slot. */
  show(adId: number): void;
  stop(): void;
}

/** Watches one slot and reports impressions of the ads it shows. */
export function trackImpressions(slot: HTMLElement, slotType: number): ImpressionTracker {
  let visible = false;
  let current: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const counted = new Set<number>();

  const arm = () => {
    clearTimeout(timer);
    const id = current;
    if (!visible || id === null || counted.has(id) || slot.hidden) return;
    timer = setTimeout(() => {
      if (slot.hidden || !slot.isConnected) return;
      counted.add(id);
      sendAdEvent(id, slotType, 'impression');
    }, IMPRESSION_MS);
  };
  const io = new IntersectionObserver(
    (entries) => {
      const e = entries[entries.length - 1];
      visible = !!e && e.isIntersecting && e.intersectionRatio >= 0.5;
      arm();
    },
    { threshold: [0, 0.5, 1] },
  );
  io.observe(slot);
  return {
    show(adId) {
      current = adId;
      arm();
    },
    stop() {
      clearTimeout(timer);
      io.disconnect();
    },
  };
}

/**
 * The floating short-video player's state (spec 3/9: appears when a short
 * video is chosen, 250 px wide, 100 px from the bottom-right corner,
 * draggable, closable). The site is multi-page, so "keeps playing across
 * navigations" means the state outlives the page: it is kept in
 * sessionStorage (per tab, gone when the tab closes) and the next page's
 * bootstrap (client/media-floating.ts) resumes the same video at the same
 * time. The alternative, Astro's <ClientRouter /> with transition:persist,
 * would turn every page of the site into client-side navigation and re-run
 * or skip every other page script: a site-wide change for one widget.
 */
import { atom } from 'nanostores';
import { SLOT_SIZE } from '../shared/constants.ts';

export interface FloatingVideo {
  id: number;
  src: string;
  title: string;
  /** Playback position in seconds when last saved. */
  time: number;
  playing: boolean;
  /** Top-left corner once dragged; null keeps the spec's bottom-right offset. */
  x: number | null;
  y: number | null;
}

/** The sessionStorage key of the floating player. */
export const FLOATING_KEY = 'xxt.floatingVideo';

/** The player's width and offset from the bottom-right corner (spec 9). */
export const FLOATING_SIZE = SLOT_SIZE.floatingVideo;

/** What the floating player shows now, or null when closed. */
export const $floating = atom<FloatingVideo | null>(null);

/** The saved state, or null if there is none or it is unreadable. */
export function loadFloating(): FloatingVideo | null {
  try {
    const raw = sessionStorage.getItem(FLOATING_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<FloatingVideo>;
    if (typeof v.id !== 'number' || typeof v.src !== 'string' || !v.src.startsWith('/'))
      return null;
    return {
      id: v.id,
      src: v.src,
      title: typeof v.title === 'string' ? v.title : '',
      time: typeof v.time === 'number' && v.time >= 0 ? v.time : 0,
      playing: v.playing !== false,
      x: typeof v.x === 'number' ? v.x : null,
      y: typeof v.y === 'number' ? v.y : null,
    };
  } catch {
    return null;
  }
}

/** Keeps the state for the next page (null clears it). */
export function saveFloating(v: FloatingVideo | null): void {
  $floating.set(v);
  try {
    if (v) sessionStorage.setItem(FLOATING_KEY, JSON.stringify(v));
    else sessionStorage.removeItem(FLOATING_KEY);
  } catch {
    // Storage may be full or disabled; the player still works on this page.
  }
}

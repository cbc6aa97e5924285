/**
 * Starts a featured video on the first click of its poster (issue 15): the
 * cached page carries only the poster, inside the player's reserved 16:9
 * box; React, the player island and hls.js load on that click (pointing at
 * or focusing the poster starts loading them), never on page load.
 * Markup: <div data-video-slot data-src data-title data-poster><button>…
 */
import type * as VideoMount from '../islands/media/video-mount.tsx';
import { MSG } from '../shared/messages.ts';
import { toast } from './toast.ts';

let loading: Promise<typeof VideoMount> | undefined;
const load = () => (loading ??= import('../islands/media/video-mount.tsx'));

async function start(slot: HTMLElement, poster: HTMLButtonElement): Promise<void> {
  poster.disabled = true;
  try {
    const { mountVideoPlayer } = await load();
    const { src = '', title = '', poster: image } = slot.dataset;
    mountVideoPlayer(slot, { src, title, poster: image || null });
  } catch {
    // The player's code did not load: say so and let the next click try again.
    loading = undefined;
    poster.disabled = false;
    toast(MSG.networkError, 'error');
  }
}

export function initVideoSlots(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-video-slot]')) {
    const poster = slot.querySelector<HTMLButtonElement>('button');
    if (!poster) continue;
    for (const type of ['pointerover', 'focus'] as const)
      poster.addEventListener(type, () => void load().catch(() => (loading = undefined)), {
        once: true,
      });
    poster.addEventListener('click', () => void start(slot, poster));
    slot.dataset.ready = '1';
  }
}

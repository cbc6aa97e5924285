/**
 * Starts a featured video on the first click of its poster (issue 15): the
 * cached page carries only the poster, inside the player's reserved 16:9
 * box; the islands' runtime, the player island and hls.js load on that
 * click (pointing at or focusing the poster starts loading them), never on
 * page load.
 * Markup: <div data-video-slot data-src data-title data-poster><button>…
 */
import type * as VideoMount from '../islands/media/video-mount.tsx';
import { CHUNK_LOAD_FAILED } from '../shared/messages/chunk-load.ts';
import { toast } from './toast.ts';

import { chunkLoader } from './chunk-load.ts';

const load = chunkLoader<typeof VideoMount>(() => import('../islands/media/video-mount.tsx'));

async function start(slot: HTMLElement, poster: HTMLButtonElement): Promise<void> {
  poster.disabled = true;
  try {
    const { mountVideoPlayer } = await load();
    const { src = '', title = '', poster: image } = slot.dataset;
    mountVideoPlayer(slot, { src, title, poster: image || null });
  } catch {
    // The player's code did not load (in chunkLoadTimeoutMs): say so; the next click retries.
    poster.disabled = false;
    toast(CHUNK_LOAD_FAILED, 'error', 5000);
  }
}

export function initVideoSlots(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-video-slot]')) {
    const poster = slot.querySelector<HTMLButtonElement>('button');
    if (!poster) continue;
    for (const type of ['pointerover', 'focus'] as const)
      poster.addEventListener(type, () => void load().catch(() => null), {
        once: true,
      });
    poster.addEventListener('click', () => void start(slot, poster));
    slot.dataset.ready = '1';
  }
}

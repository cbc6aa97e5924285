/**
 * Bootstrap of the floating short-video player, run on every page: a click
 * on any [data-float-video] element opens it, and a player left open on the
 * previous page resumes (stores/player.ts explains why sessionStorage). The
 * player itself, and hls.js, load only then.
 */
import { FLOATING_KEY } from '../stores/player.ts';
import type * as PlayerModule from '../islands/media/floating-player.ts';
import { chunkLoader } from './chunk-load.ts';
import { toast } from './toast.ts';
import { CHUNK_LOAD_FAILED } from '../shared/messages/chunk-load.ts';

const load = chunkLoader<typeof PlayerModule>(() => import('../islands/media/floating-player.ts'));
const failed = () => toast(CHUNK_LOAD_FAILED, 'error', 5000);

export function initFloatingVideo(): void {
  document.addEventListener('click', (e) => {
    const el = (e.target as Element | null)?.closest<HTMLElement>('[data-float-video]');
    if (!el) return;
    const id = Number(el.dataset.floatVideo);
    const src = el.dataset.src;
    if (!id || !src) return;
    e.preventDefault();
    void load().then((m) => m.openFloating({ id, src, title: el.dataset.title ?? '' }), failed);
  });
  if (savedState()) void load().then((m) => m.resumeFloating(), failed);
}

/** Whether a player was left open on the previous page (storage may be disabled). */
function savedState(): boolean {
  try {
    return sessionStorage.getItem(FLOATING_KEY) !== null;
  } catch {
    return false;
  }
}

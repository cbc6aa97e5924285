/**
 * `client:near={{ claim, hash }}`: an island that matters once the reader is near it, which
 * static parts of the page may call on before that (the lesson player: the outline's 播放
 * buttons, links to `#lesson=7&t=83`). On a phone the course page's player is below the first
 * screen; hydrating it at idle cost its chunks, its API calls and the video's controls on the
 * main thread while the page was still loading (issue 30's blocking time), for a player nobody
 * has seen yet. Where the browser holds a login it hydrates at idle, as before (a member's
 * lesson resumes where they left it). For a visitor it hydrates at the first of:
 * - the island in the viewport (its space is reserved: nothing moves when it hydrates);
 * - an address whose hash starts with `hash`, at load or later (a note's link to a second);
 * - a click on an element matching `claim`. That click is held for the island: its default is
 *   prevented and its element marked `data-claimed`, for the island to act on once hydrated.
 *   Clicks are held until the island sets `data-taken` on its `<astro-island>` (takeClaim in
 *   client/claims.ts),
 *   so none is lost while its code loads on a slow network.
 */
import type { ClientDirective } from 'astro';
import { hasLogin } from '../presence.ts';

export interface NearOptions {
  /** A selector of the page's elements whose click the island answers. */
  claim?: string;
  /** The start of a hash (without `#`) that the island answers. */
  hash?: string;
}

const near: ClientDirective = (load, options, el) => {
  const { claim, hash } = (options.value ?? {}) as NearOptions;
  let started = false;
  const wanted = () => Boolean(hash && location.hash.slice(1).startsWith(hash));
  const onClick = (e: MouseEvent) => {
    if (el.hasAttribute('data-taken')) return document.removeEventListener('click', onClick, true);
    const target = claim ? (e.target as Element | null)?.closest?.(claim) : null;
    if (!target) return;
    e.preventDefault();
    e.stopPropagation();
    for (const old of document.querySelectorAll('[data-claimed]'))
      old.removeAttribute('data-claimed');
    target.setAttribute('data-claimed', '');
    start();
  };
  const onHash = () => wanted() && start();
  const io = new IntersectionObserver(
    (entries) => entries.some((e) => e.isIntersecting) && start(),
  );
  function start() {
    if (started) return;
    started = true;
    io.disconnect();
    removeEventListener('hashchange', onHash);
    void load().then((hydrate) => hydrate());
  }
  if (claim) document.addEventListener('click', onClick, true);
  if (hasLogin()) {
    if ('requestIdleCallback' in window) requestIdleCallback(start);
    else setTimeout(start, 200);
    return;
  }
  if (wanted()) return start();
  if (hash) addEventListener('hashchange', onHash);
  for (const child of el.children) io.observe(child);
};

export default near;

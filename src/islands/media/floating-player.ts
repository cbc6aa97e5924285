/**
 * The floating short-video player (spec 3/9): 250 px wide, 100 px from the
 * bottom-right corner, dragged by its title bar with mouse or touch (Pointer
 * Events cover both), closable, and resumed on the next page from the state
 * in stores/player.ts. Plain DOM: it lives outside every page's islands.
 */
import {
  $floating,
  FLOATING_SIZE,
  loadFloating,
  saveFloating,
  type FloatingVideo,
} from '../../stores/player.ts';

import { attachHls, playSafely } from './hls.ts';
import './floating-player.css';

let root: HTMLElement | null = null;
let video: HTMLVideoElement | null = null;
let detach: (() => void) | undefined;

function persist(): void {
  const cur = $floating.get();
  if (!cur || !video) return;
  saveFloating({ ...cur, time: video.currentTime, playing: !video.paused && !video.ended });
}

/** Keeps the box inside the viewport. */
function place(box: HTMLElement, x: number | null, y: number | null): void {
  if (x === null || y === null) {
    box.style.left = box.style.top = '';
    box.style.right = box.style.bottom = `${FLOATING_SIZE.offset}px`;
    return;
  }
  const maxX = Math.max(0, innerWidth - box.offsetWidth);
  const maxY = Math.max(0, innerHeight - box.offsetHeight);
  box.style.right = box.style.bottom = 'auto';
  box.style.left = `${Math.min(Math.max(0, x), maxX)}px`;
  box.style.top = `${Math.min(Math.max(0, y), maxY)}px`;
}

function makeDraggable(box: HTMLElement, handle: HTMLElement): void {
  let dx = 0;
  let dy = 0;
  let dragging = false;
  handle.addEventListener('pointerdown', (e) => {
    if ((e.target as Element).closest('button')) return;
    const r = box.getBoundingClientRect();
    dx = e.clientX - r.left;
    dy = e.clientY - r.top;
    dragging = true;
    handle.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  handle.addEventListener('pointermove', (e) => {
    if (dragging) place(box, e.clientX - dx, e.clientY - dy);
  });
  const end = () => {
    if (!dragging) return;
    dragging = false;
    const r = box.getBoundingClientRect();
    const cur = $floating.get();
    if (cur) saveFloating({ ...cur, x: Math.round(r.left), y: Math.round(r.top) });
  };
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
}

function build(): { box: HTMLElement; title: HTMLElement; video: HTMLVideoElement } {
  const box = document.createElement('section');
  box.className = 'floating-video';
  box.setAttribute('aria-label', '短视频小窗播放器');
  box.style.width = `${FLOATING_SIZE.width}px`;
  const bar = document.createElement('div');
  bar.className = 'floating-bar';
  const title = document.createElement('span');
  title.className = 'floating-title';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'floating-close';
  close.setAttribute('aria-label', '关闭小窗');
  close.textContent = '×';
  close.addEventListener('click', closeFloating);
  bar.append(title, close);
  const v = document.createElement('video');
  v.controls = true;
  v.playsInline = true;
  v.width = FLOATING_SIZE.width;
  v.height = Math.round((FLOATING_SIZE.width * 9) / 16);
  box.append(bar, v);
  makeDraggable(box, bar);
  let lastSave = 0;
  v.addEventListener('timeupdate', () => {
    if (Date.now() - lastSave > 500) {
      lastSave = Date.now();
      persist();
    }
  });
  for (const ev of ['pause', 'play', 'ended'] as const) v.addEventListener(ev, persist);
  addEventListener('pagehide', persist);
  (document.getElementById('floating-video-root') ?? document.body).append(box);
  return { box, title, video: v };
}

async function show(state: FloatingVideo): Promise<void> {
  if (!root || !video) {
    const b = build();
    root = b.box;
    video = b.video;
  }
  const v = video;
  root.querySelector('.floating-title')!.textContent = state.title;
  root.dataset.videoId = String(state.id);
  place(root, state.x, state.y);
  saveFloating(state);
  detach?.();
  v.addEventListener(
    'loadedmetadata',
    () => {
      if (state.time > 0 && state.time < v.duration) v.currentTime = state.time;
      if (state.playing) void playSafely(v);
    },
    { once: true },
  );
  detach = await attachHls(v, state.src);
}

/** Opens the player with a chosen short video, from the start. */
export function openFloating(p: { id: number; src: string; title: string }): Promise<void> {
  const cur = $floating.get();
  if (cur?.id === p.id && video) return playSafely(video).then(() => undefined);
  return show({ ...p, time: 0, playing: true, x: cur?.x ?? null, y: cur?.y ?? null });
}

/** Resumes the player left open on the previous page. */
export function resumeFloating(): Promise<void> {
  const saved = loadFloating();
  return saved ? show(saved) : Promise.resolve();
}

/** Closes the player and forgets it, so the next page shows none. */
export function closeFloating(): void {
  detach?.();
  detach = undefined;
  removeEventListener('pagehide', persist);
  root?.remove();
  root = null;
  video = null;
  saveFloating(null);
}

/**
 * One ad creative as a DOM node, by kind (spec 3 adType): '1' an image link,
 * '2' a script creative in a sandboxed frame, '3' a muted video. Creatives
 * start inert; `activateCreative` fills a script frame 500 ms later and
 * loads a video only when its slot is visible.
 */
import { AD_FRAME_SANDBOX, adFrameUrl } from '../../shared/ad-frame.ts';
import { AD_KIND, TIMING } from '../../shared/constants.ts';
import type { AdView } from '../../server/services/ads/index.ts';

/** An ad as `/api/roll_image/list` answers it. */
export type AdData = Omit<AdView, 'mobileImageUrl' | 'display_order'> &
  Partial<Pick<AdView, 'mobileImageUrl'>>;

export { AD_FRAME_SANDBOX, frameDocument } from '../../shared/ad-frame.ts';

const activators = new WeakMap<HTMLElement, () => void>();

function link(ad: AdData): HTMLAnchorElement {
  const a = document.createElement('a');
  a.className = 'ad-creative';
  a.dataset.adId = String(ad.id);
  a.href = ad.clickUrl || '#';
  a.rel = 'sponsored noopener';
  a.target = '_blank';
  a.title = ad.title;
  return a;
}

/** The phone creative replaces the wide one below this width (art direction, not cropping). */
export const MOBILE_CREATIVE_MEDIA = '(max-width: 720px)';

function image(ad: AdData): HTMLElement {
  const img = document.createElement('img');
  img.src = ad.imageUrl ?? '';
  img.alt = ad.title;
  img.loading = 'lazy';
  img.decoding = 'async';
  // As the slot's first creative on the server (AdSlot.astro): behind the page's own images.
  img.setAttribute('fetchpriority', 'low');
  // A broken creative leaves its reserved box empty rather than a broken-image icon.
  img.addEventListener('error', () => (img.style.visibility = 'hidden'), { once: true });
  if (!ad.mobileImageUrl) return img;
  const picture = document.createElement('picture');
  const source = document.createElement('source');
  source.media = MOBILE_CREATIVE_MEDIA;
  source.srcset = ad.mobileImageUrl;
  picture.append(source, img);
  return picture;
}

function scriptCreative(ad: AdData): HTMLElement {
  const box = document.createElement('div');
  box.className = 'ad-creative';
  box.dataset.adId = String(ad.id);
  box.dataset.kind = 'script';
  let filled = false;
  activators.set(box, () => {
    if (filled) return;
    filled = true;
    setTimeout(() => {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', AD_FRAME_SANDBOX);
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.title = ad.title;
      frame.src = adFrameUrl(ad.id);
      box.append(frame);
    }, TIMING.adScriptFillDelayMs);
  });
  return box;
}

function videoCreative(ad: AdData): HTMLElement {
  const a = link(ad);
  const video = document.createElement('video');
  // Muted, inline, no preload: never sound, no bytes until the slot is seen.
  video.muted = true;
  video.defaultMuted = true;
  video.setAttribute('muted', '');
  video.playsInline = true;
  video.loop = true;
  video.preload = 'none';
  video.width = 180;
  video.height = 100;
  if (ad.imageUrl) video.poster = ad.imageUrl;
  a.append(video);
  if (ad.imageUrl) a.append(image(ad));
  activators.set(a, () => {
    if (!ad.vedioUrl) return;
    if (!video.src) video.src = ad.vedioUrl;
    video.play().catch(() => undefined);
  });
  return a;
}

/** Builds the creative of an ad; reuses `existing` (the server-rendered image) when it matches. */
export function createCreative(ad: AdData, existing?: HTMLElement | null): HTMLElement {
  if (ad.adType === AD_KIND.script) return scriptCreative(ad);
  if (ad.adType === AD_KIND.video && ad.vedioUrl) return videoCreative(ad);
  if (existing && existing.dataset.adId === String(ad.id)) return existing;
  const a = link(ad);
  if (ad.imageUrl) a.append(image(ad));
  else a.textContent = ad.title;
  return a;
}

/** Starts what a creative does once shown: fill its frame, play its video. */
export function activateCreative(el: HTMLElement): void {
  activators.get(el)?.();
}

/** Pauses a creative that is no longer shown (a video rotated away). */
export function deactivateCreative(el: HTMLElement): void {
  el.querySelector('video')?.pause();
}

/** An empty slot built at run time (corner windows, the centre pop-up). */
export function buildSlot(opts: {
  type: number;
  width: number;
  height: number;
  label: string;
  closable?: boolean;
}): HTMLElement {
  const slot = document.createElement('aside');
  slot.className = 'ad-slot';
  slot.dataset.adSlot = String(opts.type);
  slot.style.width = `${opts.width}px`;
  slot.style.height = `${opts.height}px`;
  slot.setAttribute('aria-label', opts.label);
  const stage = document.createElement('div');
  stage.className = 'ad-stage';
  slot.append(stage);
  if (opts.closable) {
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'ad-close';
    close.dataset.adClose = '';
    close.setAttribute('aria-label', `关闭${opts.label}`);
    close.textContent = '×';
    slot.append(close);
  }
  const mark = document.createElement('span');
  mark.className = 'ad-mark';
  mark.textContent = '广告';
  slot.append(mark);
  return slot;
}

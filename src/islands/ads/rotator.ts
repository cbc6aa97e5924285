/**
 * The ad rotator: mounted on a slot when the slot becomes visible. It shows
 * the slot's ads from the API (reusing the server-rendered first image), and
 * with more than one ad rotates them: paused on hover and focus, driven by
 * the arrow keys and its buttons, and never automatic under reduced motion.
 */
import { sendAdEvent } from '../../client/analytics.ts';
import { activateCreative, createCreative, deactivateCreative, type AdData } from './creative.ts';
import { trackImpressions } from './impressions.ts';

/** Time each carousel ad stays up (the spec leaves it open). */
export const ROTATE_MS = 5000;

/** Fills a slot with its ads and starts rotation; returns a function that stops it. */
export function mountSlot(slot: HTMLElement, ads: AdData[]): () => void {
  const type = Number(slot.dataset.adSlot);
  let stage = slot.querySelector<HTMLElement>('.ad-stage');
  if (!stage) {
    stage = document.createElement('div');
    stage.className = 'ad-stage';
    slot.prepend(stage);
  }
  // No ads from the API: keep whatever the server rendered, in its reserved box.
  if (ads.length === 0) return () => undefined;
  const existing = stage.querySelector<HTMLElement>('[data-ad-id]');
  const slides = ads.map((ad, i) => createCreative(ad, i === 0 ? existing : null));
  stage.replaceChildren(...slides);
  const tracker = trackImpressions(slot, type);

  stage.addEventListener('click', (e) => {
    const hit = (e.target as Element).closest<HTMLElement>('[data-ad-id]');
    if (hit) sendAdEvent(Number(hit.dataset.adId), type, 'click');
  });

  let index = 0;
  let hovered = false;
  let focused = false;
  const dots: HTMLButtonElement[] = [];
  const show = (next: number) => {
    const prev = slides[index];
    index = (next + slides.length) % slides.length;
    slides.forEach((s, i) => (s.hidden = i !== index));
    if (prev && prev !== slides[index]) deactivateCreative(prev);
    const el = slides[index];
    if (el) activateCreative(el);
    dots.forEach((d, i) => d.setAttribute('aria-current', String(i === index)));
    const ad = ads[index];
    if (ad) tracker.show(ad.id);
  };
  show(0);
  if (slides.length < 2) return () => tracker.stop();

  slot.setAttribute('role', 'region');
  slot.setAttribute('aria-roledescription', '轮播');
  slot.tabIndex = 0;
  const nav = document.createElement('div');
  nav.className = 'ad-nav';
  const button = (text: string, label: string, go: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', go);
    nav.append(b);
    return b;
  };
  button('‹', '上一张', () => show(index - 1));
  ads.forEach((_, i) => dots.push(button(String(i + 1), `第 ${i + 1} 张`, () => show(i))));
  button('›', '下一张', () => show(index + 1));
  // The row the page reserved under the creative (AdSlot.astro), else over it.
  const row = slot.parentElement?.querySelector<HTMLElement>(':scope > [data-ad-controls]');
  if (row) {
    nav.classList.add('ad-nav-row');
    row.append(nav);
    // Keys and hover on the buttons still belong to the carousel.
    row.addEventListener('mouseenter', () => (hovered = true));
    row.addEventListener('mouseleave', () => (hovered = false));
    row.addEventListener('focusin', () => (focused = true));
    row.addEventListener('focusout', () => (focused = false));
  } else slot.append(nav);
  show(index);

  slot.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') show(index - 1);
    else if (e.key === 'ArrowRight') show(index + 1);
    else return;
    e.preventDefault();
  });

  slot.addEventListener('mouseenter', () => (hovered = true));
  slot.addEventListener('mouseleave', () => (hovered = false));
  slot.addEventListener('focusin', () => (focused = true));
  slot.addEventListener('focusout', (e) => {
    focused = slot.contains(e.relatedTarget as Node | null);
  });
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  stage.setAttribute('aria-live', reduced ? 'polite' : 'off');
  const timer = reduced
    ? undefined
    : setInterval(() => {
        if (!hovered && !focused && !document.hidden) show(index + 1);
      }, ROTATE_MS);
  return () => {
    clearInterval(timer);
    tracker.stop();
  };
}

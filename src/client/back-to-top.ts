/** The back-to-top button appears after scrolling 100 units (spec 2, 9). */
import { LIMITS } from '../shared/constants.ts';

export function initBackToTop(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (!button) return;
  let shown = false;
  const update = () => {
    const show = window.scrollY > LIMITS.backToTopAfter;
    if (show !== shown) {
      shown = show;
      button.hidden = !show;
    }
  };
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
  update();
}

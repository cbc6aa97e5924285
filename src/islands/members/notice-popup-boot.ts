/**
 * Loads the notice pop-up only for a logged-in browser, after the page's load
 * event, so visitors and first paint never pay for it.
 */
import { hasMember } from './session.ts';

export function initNoticePopup(): void {
  if (!hasMember()) return;
  const go = () => void import('./notice-popup-mount.tsx').then((m) => m.mountNoticePopup());
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

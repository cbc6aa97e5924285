/**
 * Overlays that float over the page without being dialogs (the corner window ads, the 继续学习
 * card; issue 29, WCAG 2.4.11 "focus not obscured"): a page control that takes keyboard focus
 * under one is scrolled clear of it, and while one shows the page gets room at its end, so even
 * the last footer link can scroll above it. Controls inside an overlay are left where they are.
 */

const shown = new Set<HTMLElement>();
let listening = false;
/** Room between a focused control and the overlay it was scrolled clear of. */
const GAP = 12;

const visible = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0;

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Page-end room as tall as the tallest overlay shown. */
function makeRoom(): void {
  let room = 0;
  for (const el of shown) if (visible(el)) room = Math.max(room, el.getBoundingClientRect().height);
  document.body.style.paddingBottom = room > 0 ? `${Math.ceil(room + 2 * GAP)}px` : '';
}

function onFocus(e: FocusEvent): void {
  const target = e.target;
  if (!(target instanceof Element) || target === document.body) return;
  let lift = 0;
  const box = target.getBoundingClientRect();
  for (const el of shown) {
    if (!visible(el) || el.contains(target)) continue;
    const cover = el.getBoundingClientRect();
    // Overlays sit at the bottom of the screen: lift the control above the top of any it is
    // under, as long as it fits there. A region taller than that (the main content, focused when
    // a dialog closes) is left where it is: scrolling it clear would throw the reader down the page.
    if (overlaps(box, cover) && box.height <= cover.top - 2 * GAP)
      lift = Math.max(lift, box.bottom - cover.top + GAP);
  }
  if (lift > 0) window.scrollBy({ top: lift, behavior: 'instant' });
}

/** Keeps focused page controls clear of `overlay` while it is shown; answers the release (call it when it closes). */
export function keepFocusClear(overlay: HTMLElement): () => void {
  shown.add(overlay);
  if (!listening) {
    listening = true;
    document.addEventListener('focusin', onFocus);
  }
  makeRoom();
  return () => {
    shown.delete(overlay);
    makeRoom();
  };
}

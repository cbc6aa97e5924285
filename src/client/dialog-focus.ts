/**
 * Keyboard handling of the site's own pop-ups (the member's pop-up notice, the centre pop-up ad;
 * issue 29): the dialog takes focus when it opens, Tab and Shift+Tab stay inside it, Escape
 * closes it, and when it closes focus goes back where it was (or to the main content when it was
 * nowhere), never to the top of the page.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where focus goes back to: the element that had it, else the page's main content. */
function returnTarget(previous: Element | null): HTMLElement | null {
  if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected)
    return previous;
  const main = document.getElementById('main');
  if (main && !main.hasAttribute('tabindex')) main.tabIndex = -1;
  return main;
}

/**
 * Focuses `dialog` (its own focus, so its name and text are read first), keeps Tab inside and
 * calls `onEscape` on Escape. Answers the release: call it when the dialog closes.
 */
export function holdDialogFocus(dialog: HTMLElement, onEscape: () => void): () => void {
  const previous = document.activeElement;
  if (!dialog.hasAttribute('tabindex')) dialog.tabIndex = -1;
  dialog.focus({ preventScroll: true });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    // Only when focus was in the dialog (or lost with it): a reader who moved on keeps their place.
    const active = document.activeElement;
    if (active === null || active === document.body || dialog.contains(active))
      returnTarget(previous)?.focus({ preventScroll: true });
  };
}

/**
 * Tab inside the console's dialogs and drawers (issue 29): antd keeps focus in an open one
 * with two zero-size "sentinel" stops at its ends, so one press of Tab at the last control lands
 * on nothing visible before it wraps, and a drawer opens with focus on its whole-screen root.
 * Here Tab at the last control goes straight to the first and Shift+Tab at the first to the
 * last, a sentinel or the root passes Tab on to the first (or last) control, and a drawer that
 * opens gives focus to its first control. antd still returns focus to the opener on close.
 *
 * One listener pair for the whole document, started once by main.tsx (antd renders dialogs into
 * document.body, outside the React root).
 */
const FRAME = '.ant-modal-wrap, .ant-drawer-open';
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The controls Tab visits in a dialog, in order: shown, and not antd's sentinels. */
function tabbables(frame: Element): HTMLElement[] {
  const content = frame.querySelector('.ant-modal-content, .ant-drawer-content') ?? frame;
  return Array.from(content.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => {
    if (el.closest('[data-sentinel]') || el.tabIndex < 0) return false;
    // A radio group is one stop: its checked radio, or its first when none is checked.
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const group = content.querySelectorAll<HTMLInputElement>(
        `input[type="radio"][name="${CSS.escape(el.name)}"]`,
      );
      const checked = Array.from(group).find((r) => r.checked);
      if (el !== (checked ?? group[0])) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const active = document.activeElement;
  const frame = active?.closest(FRAME);
  if (!active || !frame) return;
  const stops = tabbables(frame);
  if (stops.length === 0) return;
  const at = stops.indexOf(active as HTMLElement);
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  let to: HTMLElement | null = null;
  if (at === -1) {
    // On the frame itself, a sentinel or the panel: on to the nearest end. Inside a control
    // that holds focus in a part of its own (the editor, a picker's input), leave Tab alone.
    if (stops.some((s) => s.contains(active))) return;
    to = event.shiftKey ? last : first;
  } else if (!event.shiftKey && at === stops.length - 1) to = first;
  else if (event.shiftKey && at === 0) to = last;
  if (!to) return;
  event.preventDefault();
  to.focus();
}

/**
 * A drawer opening focuses its root (the whole screen): its form's first control takes focus,
 * or, while the form still waits for its data, the drawer's first control until the form
 * appears (unless the user has moved on meanwhile).
 */
function onFocusIn(event: FocusEvent): void {
  const drawer = event.target;
  if (!(drawer instanceof HTMLElement) || !drawer.matches('.ant-drawer')) return;
  const body = drawer.querySelector('.ant-drawer-body');
  const field = () => (body ? tabbables(body)[0] : undefined);
  const ready = field();
  if (ready || !body) {
    (ready ?? tabbables(drawer)[0])?.focus();
    return;
  }
  const waiting = tabbables(drawer)[0] ?? drawer;
  waiting.focus();
  const watch = new MutationObserver(() => {
    if (document.activeElement !== waiting || !drawer.isConnected) return watch.disconnect();
    const first = field();
    if (first) {
      watch.disconnect();
      first.focus();
    }
  });
  watch.observe(body, { childList: true, subtree: true });
}

/** Starts the handling for the console's document; once. */
export function keepTabInDialogs(): void {
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn);
}

/** Short messages at the top of the page (success, warning, error), announced to screen readers. */
export type ToastKind = 'success' | 'warning' | 'error';

const COLORS: Record<ToastKind, string> = {
  success: '#1a7f37',
  warning: '#8a5300',
  error: '#d93026',
};

export function toast(message: string, kind: ToastKind = 'success', ms = 2500): void {
  let host = document.getElementById('toast-host');
  if (!host) {
    host = document.createElement('div');
    host.id = 'toast-host';
    host.setAttribute('role', 'status');
    host.setAttribute('aria-live', 'polite');
    host.style.cssText =
      'position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:1000;display:grid;gap:8px;pointer-events:none';
    document.body.append(host);
  }
  // While a modal dialog is open the rest of the page is inert and unheard: the message shows
  // inside the dialog (the login dialog's 手机号或密码错误, issue 29) and goes back with it closed.
  const modal = [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).pop();
  const layer = modal ?? document.body;
  if (host.parentElement !== layer) {
    layer.append(host);
    if (modal) modal.addEventListener('close', () => document.body.append(host), { once: true });
  }
  const el = document.createElement('div');
  el.className = `toast toast-${kind}`;
  // Errors interrupt (role=alert); success and warnings wait their turn in the polite host.
  if (kind === 'error') el.setAttribute('role', 'alert');
  el.dataset.kind = kind;
  el.textContent = message;
  el.style.cssText = `background:#fff;color:${COLORS[kind]};border:1px solid ${COLORS[kind]};padding:8px 16px;border-radius:6px;box-shadow:0 4px 12px rgb(0 0 0/.12);font-size:14px`;
  host.append(el);
  setTimeout(() => el.remove(), ms);
}

const CARRIED = 'xxt:toast';

/**
 * A toast that a navigation follows at once (login's reload, the return from WeChat): shown now,
 * and shown again on the next page, so the reader sees it whatever the page's speed.
 */
export function toastAcross(message: string, kind: ToastKind = 'success'): void {
  toast(message, kind);
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify({ message, kind, at: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the toast is shown on this page only.
  }
}

/** The toast the previous page carried across its navigation, taken once: null if none is fresh. */
export function takeCarriedToast(): { message: string; kind: ToastKind } | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(CARRIED);
    if (raw) sessionStorage.removeItem(CARRIED);
  } catch {
    return null;
  }
  if (!raw) return null;
  const carried = JSON.parse(raw) as { message: string; kind: ToastKind; at: number };
  return Math.abs(Date.now() - carried.at) < 10_000 ? carried : null;
}

/** Shows, once, the toast the previous page carried across its navigation (if it is fresh). */
export function showCarriedToast(): void {
  const carried = takeCarriedToast();
  if (carried) toast(carried.message, carried.kind);
}

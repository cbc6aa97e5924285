/** Short messages at the top of the page (success, warning, error), announced to screen readers. */
export type ToastKind = 'success' | 'warning' | 'error';

const COLORS: Record<ToastKind, string> = {
  success: '#1a7f37',
  warning: '#b76e00',
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
  const el = document.createElement('div');
  el.className = `toast toast-${kind}`;
  el.dataset.kind = kind;
  el.textContent = message;
  el.style.cssText = `background:#fff;color:${COLORS[kind]};border:1px solid ${COLORS[kind]};padding:8px 16px;border-radius:6px;box-shadow:0 4px 12px rgb(0 0 0/.12);font-size:14px`;
  host.append(el);
  setTimeout(() => el.remove(), ms);
}

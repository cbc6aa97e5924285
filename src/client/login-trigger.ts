/**
 * Loads the login dialog island on first use, not on page load: clicking any
 * [data-login] element opens it (hovering or focusing one starts loading it).
 * On /live/<id> and /exam/<id> a visitor gets the unclosable dialog at once (spec 2).
 */
import { apiCredentials, apiUrl } from './api-origin.ts';
import { loginContextFor, openLogin, type LoginMode } from '../stores/login-dialog.ts';
import type * as LoginMount from '../islands/login/mount.tsx';
import { hasLogin } from './presence.ts';
import { chunkLoader } from './chunk-load.ts';
import { toast } from './toast.ts';
import { CHUNK_LOAD_FAILED } from '../shared/messages/chunk-load.ts';

const load = chunkLoader<typeof LoginMount>(() => import('../islands/login/mount.tsx'));

async function open(mode: LoginMode): Promise<void> {
  const invite =
    location.pathname === '/regeister'
      ? (new URLSearchParams(location.search).get('code') ?? undefined)
      : undefined;
  let mount: typeof LoginMount;
  try {
    mount = await load();
  } catch {
    // The dialog's code did not arrive (in chunkLoadTimeoutMs): say so; the next click retries.
    return toast(CHUNK_LOAD_FAILED, 'error', 5000);
  }
  mount.mountLoginDialog(invite);
  openLogin(loginContextFor(location.pathname), mode);
}

async function loggedIn(): Promise<boolean> {
  if (!hasLogin()) return false;
  try {
    const res = await fetch(apiUrl('/api/user/verifyLogin'), {
      method: 'POST',
      credentials: apiCredentials(),
    });
    return ((await res.json()) as { code: number }).code === 200;
  } catch {
    return false;
  }
}

export function initLoginTrigger(): void {
  document.addEventListener('click', (e) => {
    const target = e.target as Element | null;
    // Downloads are for members: a visitor logs in first instead of landing on the refusal.
    if (target?.closest('a[data-download]') && !hasLogin()) {
      e.preventDefault();
      void open('password');
      return;
    }
    const el = target?.closest<HTMLElement>('[data-login]');
    if (!el) return;
    e.preventDefault();
    void open(el.dataset.login === 'code' ? 'code' : 'password');
  });
  for (const type of ['pointerover', 'focusin'] as const) {
    document.addEventListener(type, (e) => {
      if ((e.target as Element | null)?.closest?.('[data-login]')) void load().catch(() => null);
    });
  }
  const auto = document.body.dataset.loginAuto;
  if (loginContextFor(location.pathname) !== 'default' || auto) {
    void loggedIn().then((ok) => {
      if (!ok) void open(auto === 'code' ? 'code' : 'password');
    });
  }
}

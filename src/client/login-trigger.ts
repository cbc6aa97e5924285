/**
 * Loads the login dialog island on first use, not on page load: clicking any
 * [data-login] element opens it (hovering or focusing one starts loading it), and so does an
 * island that opens the store ($loginDialog: 领取 a coupon, 开通会员, 发起拼团 as a visitor),
 * which alone would set a dialog nobody had mounted yet.
 * On /live/<id> and /exam/<id> a visitor gets the unclosable dialog at once (spec 2).
 */
import { apiCredentials, apiUrl } from './api-origin.ts';
import {
  $loginDialog,
  loginContextFor,
  openLogin,
  type LoginMode,
} from '../stores/login-dialog.ts';
import type * as LoginMount from '../islands/login/mount.tsx';
import { hasLogin } from './presence.ts';
import { chunkLoader } from './chunk-load.ts';
import { toast } from './toast.ts';
import { CHUNK_LOAD_FAILED } from '../shared/messages/chunk-load.ts';

const load = chunkLoader<typeof LoginMount>(() => import('../islands/login/mount.tsx'));

/** Loads and mounts the dialog (once); false when its code did not arrive (said in a toast). */
async function mounted(): Promise<boolean> {
  const invite =
    location.pathname === '/regeister'
      ? (new URLSearchParams(location.search).get('code') ?? undefined)
      : undefined;
  try {
    (await load()).mountLoginDialog(invite);
    return true;
  } catch {
    // The dialog's code did not arrive (in chunkLoadTimeoutMs): say so; the next click retries.
    toast(CHUNK_LOAD_FAILED, 'error', 5000);
    return false;
  }
}

async function open(mode: LoginMode): Promise<void> {
  if (await mounted()) openLogin(loginContextFor(location.pathname), mode);
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
  // An island opened the store: the dialog, once mounted, reads it and shows in that mode.
  $loginDialog.listen((state) => {
    if (state.open) void mounted();
  });
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

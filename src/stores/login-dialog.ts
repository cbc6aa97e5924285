/**
 * Whether the login dialog is open, in which context and mode: 'live' on
 * /live/<id> and 'exam' on /exam/<id>, where it cannot be closed (spec 2).
 */
import { atom } from 'nanostores';

export type LoginContext = 'default' | 'live' | 'exam';
export type LoginMode = 'password' | 'code';

export interface LoginDialogState {
  open: boolean;
  context: LoginContext;
  mode: LoginMode;
}

export const $loginDialog = atom<LoginDialogState>({
  open: false,
  context: 'default',
  mode: 'password',
});

/** The dialog's context for a path: loginContextFor('/live/3') → 'live' */
export function loginContextFor(pathname: string): LoginContext {
  if (/^\/live\/\d+\/?$/.test(pathname)) return 'live';
  if (/^\/exam\/\d+\/?$/.test(pathname)) return 'exam';
  return 'default';
}

export function openLogin(context: LoginContext = 'default', mode: LoginMode = 'password'): void {
  $loginDialog.set({ open: true, context, mode });
}

/** Closes the dialog, except where the spec makes it unclosable. */
export function closeLogin(): void {
  const s = $loginDialog.get();
  if (s.context === 'default') $loginDialog.set({ ...s, open: false });
}

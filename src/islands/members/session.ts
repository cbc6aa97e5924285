/** Whether this browser has a logged-in member (spec 3: mobile is copied to local storage). */
import { STORAGE_KEYS } from '../../shared/constants.ts';

export function hasMember(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.mobile));
  } catch {
    return false;
  }
}

/** The API's answer for a missing or expired session. */
export const NOT_LOGGED_IN = 401;

/**
 * Opens the site's login dialog through its lazy trigger (any click on a
 * [data-login] element loads and opens it), so islands need not bundle it.
 */
export function askLogin(): void {
  const el = document.createElement('button');
  el.type = 'button';
  el.hidden = true;
  el.dataset.login = 'password';
  document.body.append(el);
  el.click();
  el.remove();
}

/** Whether this browser has a logged-in member (spec 3: mobile is copied to local storage). */
import { hasLogin } from '../../client/presence.ts';

/** See client/presence.ts: the presence cookie or the local-storage copy. */
export function hasMember(): boolean {
  return hasLogin();
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

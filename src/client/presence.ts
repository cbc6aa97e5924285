/**
 * Whether this browser holds a login, as pages and islands decide it before
 * asking the API: the presence cookie the server sets beside the HttpOnly
 * session cookie (shared by the main site and partner zones through the
 * parent domain), or the spec's local-storage copy of the mobile (spec 3).
 * Neither is proof: the API decides, and a refusal clears both.
 */
import { PRESENCE_COOKIE, STORAGE_KEYS } from '../shared/constants.ts';

export function hasLogin(): boolean {
  try {
    if (document.cookie.split(/;\s*/).some((c) => c.startsWith(`${PRESENCE_COOKIE}=`))) return true;
  } catch {
    // No document (a worker) or cookies blocked: fall back to storage.
  }
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.mobile));
  } catch {
    return false;
  }
}

/** Forgets the local copy of a login the server no longer knows (it clears the cookie itself). */
export function forgetLogin(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.mobile);
    localStorage.removeItem(STORAGE_KEYS.avatar);
  } catch {
    // Storage unavailable: nothing kept there.
  }
}

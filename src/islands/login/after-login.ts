/**
 * What happens after any successful login (spec 4): 登录成功, the mobile (and
 * avatar) copied to local storage, the user info fetched, the dialog closed
 * and the page reloaded. A non-200 info answer clears the stored login.
 * Staff (admin, editor, moderator) go on to the operations console instead
 * (issue 12); members stay on the page they were reading.
 */
import { api } from '../../client/api.ts';
import { apiOrigin } from '../../client/api-origin.ts';
import { toastAcross } from '../../client/toast.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { $loginDialog } from '../../stores/login-dialog.ts';
import type { UserInfo } from '../../server/services/accounts/index.ts';

export async function afterLogin(mobile: string): Promise<void> {
  toastAcross(MSG.loginSuccess, 'success');
  localStorage.setItem(STORAGE_KEYS.mobile, mobile);
  const info = await api<{ info: Pick<UserInfo, 'photo' | 'role'> }>('post', 'user/information');
  const staff = info.code === 200 && info.data.info.role !== 'member';
  if (info.code === 200) {
    if (info.data.info.photo) localStorage.setItem(STORAGE_KEYS.avatar, info.data.info.photo);
  } else {
    localStorage.removeItem(STORAGE_KEYS.mobile);
    localStorage.removeItem(STORAGE_KEYS.avatar);
  }
  $loginDialog.set({ ...$loginDialog.get(), open: false });
  // The console lives on the app (API_ORIGIN when the site is a static export: issue 25).
  setTimeout(() => (staff ? location.assign(`${apiOrigin()}/admin`) : location.reload()), 400);
}

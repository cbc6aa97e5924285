/**
 * Shows the member's name and avatar menu in the header (spec 2). The cached
 * HTML always says 登录/注册; only a browser that holds a login (presence.ts:
 * the presence cookie of any host of the site, or the spec's local-storage
 * copy) asks the API who it is, and loads the menu's code (header-menu.ts)
 * meanwhile, so visitors make no request and load neither.
 */
import { hasLogin } from './presence.ts';
import { apiCredentials, apiUrl } from './api-origin.ts';
import type { MemberAnswer } from './header-menu.ts';

/**
 * Cached pages are written for visitors; a text with a member version carries
 * it in data-member-text (e.g. 登录后可预约 → 填写以下信息即可预约) and a
 * member sees that one. An element marked data-visitor-only is hidden.
 */
export function applyMemberTexts(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-member-text]'))
    el.textContent = el.dataset.memberText ?? '';
  for (const el of root.querySelectorAll<HTMLElement>('[data-visitor-only]')) el.hidden = true;
}

export async function initHeaderUser(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-header-user]');
  if (!hasLogin()) return;
  applyMemberTexts();
  if (!slot) return;
  try {
    const [menu, body] = await Promise.all([
      import('./header-menu.ts'),
      fetch(apiUrl('/api/user/information'), {
        method: 'POST',
        credentials: apiCredentials(),
      }).then((res) => res.json() as Promise<MemberAnswer>),
    ]);
    menu.showMember(slot, body);
  } catch {
    // Offline or server down: keep the login link.
  }
}

/**
 * Shows the member's name and avatar menu in the header (spec 2). The cached
 * HTML always says 登录/注册; only a browser that holds the spec's local-storage
 * copy of a login asks the API who it is, so visitors make no request.
 */
import { STORAGE_KEYS } from '../shared/constants.ts';

interface Info {
  name: string;
  photo: string | null;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function render(slot: HTMLElement, info: Info): void {
  const menu = el('details', { class: 'user-menu' });
  const summary = el('summary', {});
  summary.append(
    el('img', { src: info.photo || '/avatars/avatar-1.svg', alt: '', width: '28', height: '28' }),
    el('span', {}, info.name),
  );
  const list = el('ul', {});
  const center = el('li', {});
  center.append(el('a', { href: '/usercenter' }, '个人中心'));
  const quit = el('li', {});
  const quitButton = el('button', { type: 'button' }, '退出');
  quitButton.addEventListener('click', async () => {
    await fetch('/api/user/logout', { method: 'POST', credentials: 'same-origin' }).catch(
      () => undefined,
    );
    localStorage.removeItem(STORAGE_KEYS.mobile);
    localStorage.removeItem(STORAGE_KEYS.avatar);
    location.assign('/');
  });
  quit.append(quitButton);
  list.append(center, quit);
  menu.append(summary, list);
  slot.replaceChildren(menu);
}

export async function initHeaderUser(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-header-user]');
  if (!slot || !localStorage.getItem(STORAGE_KEYS.mobile)) return;
  try {
    const res = await fetch('/api/user/information', {
      method: 'POST',
      credentials: 'same-origin',
    });
    const body = (await res.json()) as { code: number; data: { info: Info } | null };
    if (body.code === 200 && body.data) {
      render(slot, body.data.info);
      if (body.data.info.photo) localStorage.setItem(STORAGE_KEYS.avatar, body.data.info.photo);
    } else {
      // spec 4: a non-200 answer for user info clears the stored login.
      localStorage.removeItem(STORAGE_KEYS.mobile);
      localStorage.removeItem(STORAGE_KEYS.avatar);
    }
  } catch {
    // Offline or server down: keep the login link.
  }
}

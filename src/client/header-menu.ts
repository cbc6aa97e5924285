/**
 * The member's part of the header (header-user.ts loads it only for a browser that holds a
 * login): the name and avatar menu with the VIP badge, and what the answer about the member
 * keeps in local storage. Apart, so that a visitor's page never loads the VIP texts and dates.
 */
import { STORAGE_KEYS } from '../shared/constants.ts';
import { apiCredentials, apiUrl } from './api-origin.ts';
import type { UserInfo } from '../server/services/accounts/index.ts';
import type { VipStatus } from '../server/services/commerce/index.ts';
import { VIP_MSG, vipText } from '../shared/vip.ts';

type Info = Pick<UserInfo, 'name' | 'photo'> & Partial<Pick<UserInfo, 'mobile'>>;

/** What /api/user/information answers. */
export interface MemberAnswer {
  code: number;
  data: { info: Info; vip?: VipStatus } | null;
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

function render(slot: HTMLElement, info: Info, vip: VipStatus | undefined): void {
  const menu = el('details', { class: 'user-menu' });
  const summary = el('summary', {});
  summary.append(
    el('img', { src: info.photo || '/avatars/avatar-1.svg', alt: '', width: '28', height: '28' }),
    el('span', {}, info.name),
  );
  if (vip?.active && vip.endsAt)
    summary.append(
      el('span', { class: 'vip-badge', title: vipText(vip.endsAt, Date.now()) }, VIP_MSG.badge),
    );
  const list = el('ul', {});
  const center = el('li', {});
  center.append(el('a', { href: '/usercenter' }, '个人中心'));
  const member = el('li', {});
  member.append(
    el(
      'a',
      { href: '/vip', 'data-vip-state': vip?.active ? 'active' : 'none' },
      vip?.active && vip.endsAt ? vipText(vip.endsAt, Date.now()) : VIP_MSG.join,
    ),
  );
  const quit = el('li', {});
  const quitButton = el('button', { type: 'button' }, '退出');
  quitButton.addEventListener('click', async () => {
    await fetch(apiUrl('/api/user/logout'), {
      method: 'POST',
      credentials: apiCredentials(),
    }).catch(() => undefined);
    localStorage.removeItem(STORAGE_KEYS.mobile);
    localStorage.removeItem(STORAGE_KEYS.avatar);
    localStorage.removeItem(STORAGE_KEYS.noAdsUntil);
    location.assign('/');
  });
  quit.append(quitButton);
  list.append(center, member, quit);
  menu.append(summary, list);
  slot.replaceChildren(menu);
}

/**
 * Keeps the VIP ad hint the layout's head script reads (until the VIP's end), and hides or
 * shows this page's ads when it changed (a first login as VIP, a VIP that ended).
 */
function keepNoAds(vip: VipStatus | undefined): void {
  const until = vip?.hideAds && vip.endsAt ? Date.parse(vip.endsAt) : 0;
  if (until > Date.now()) localStorage.setItem(STORAGE_KEYS.noAdsUntil, String(until));
  else localStorage.removeItem(STORAGE_KEYS.noAdsUntil);
  document.documentElement.toggleAttribute('data-noads', until > Date.now());
}

/** Shows the member in the header, or clears the stored login when the API no longer knows it. */
export function showMember(slot: HTMLElement, body: MemberAnswer): void {
  if (body.code === 200 && body.data) {
    render(slot, body.data.info, body.data.vip);
    keepNoAds(body.data.vip);
    // A login made on another host (a partner zone) arrives as the cookie only.
    if (body.data.info.mobile) localStorage.setItem(STORAGE_KEYS.mobile, body.data.info.mobile);
    if (body.data.info.photo) localStorage.setItem(STORAGE_KEYS.avatar, body.data.info.photo);
  } else {
    // spec 4: a non-200 answer for user info clears the stored login.
    localStorage.removeItem(STORAGE_KEYS.mobile);
    localStorage.removeItem(STORAGE_KEYS.avatar);
    keepNoAds(undefined);
  }
}

/**
 * 领券 on a course page (issue 27): the coupons the course offers, fetched from
 * /api/coupon/course (never in the cached HTML) into the page's reserved slot
 * (`[data-coupon-strip="<course id>"]`), which keeps its height, so nothing around it moves,
 * and stays empty when there is nothing to claim. A member takes one with 领取; a visitor's 领取
 * opens the login dialog in code mode (login-trigger.ts reads `data-login`).
 *
 * A page script, not an island: the strip is on a phone's first screen of every paid course,
 * and as an island it made a visitor's page load and run the islands' runtime (React's, then)
 * there, the largest single task of the course page's load (issue 30).
 */
import { api } from './api.ts';
import { hasLogin } from './presence.ts';
import { toast } from './toast.ts';
import { urls } from '../shared/urls.ts';
import { loginContextFor, openLogin } from '../stores/login-dialog.ts';
import type { ClaimableCoupon } from '../server/services/commerce/index.ts';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One coupon: what it gives, its name, and 领取 (or 已领取, a link to 我的优惠券). */
function chip(c: ClaimableCoupon): HTMLLIElement {
  const li = el('li', { className: 'coupon-chip', title: c.validity });
  li.dataset.coupon = String(c.id);
  li.append(el('strong', {}, c.label), el('span', { className: 'muted' }, c.name));
  if (c.canClaim) {
    const take = el('button', { type: 'button', className: 'btn btn-small' }, '领取');
    take.setAttribute('aria-label', `领取${c.name}（${c.label}）`);
    take.dataset.claim = String(c.id);
    if (!hasLogin()) take.dataset.login = 'code';
    li.append(take);
  } else li.append(el('a', { className: 'claimed', href: urls.userCenter('mycoupon') }, '已领取'));
  return li;
}

async function fill(slot: HTMLElement, courseId: number): Promise<void> {
  const res = await api<{ list: ClaimableCoupon[] }>('get', 'coupon/course', {
    searchParams: { courseId: String(courseId) },
  });
  if (res.code !== 200) return;
  const list = res.data.list;
  if (list.length === 0) return slot.replaceChildren();
  const ul = el('ul', { className: 'coupon-strip' });
  ul.setAttribute('aria-label', '可领取的优惠券');
  ul.dataset.coupons = String(list.length);
  ul.append(...list.map(chip));
  slot.replaceChildren(ul);
}

async function claim(slot: HTMLElement, courseId: number, button: HTMLButtonElement) {
  button.disabled = true;
  const res = await api('post', 'coupon/claim', {
    json: { couponId: Number(button.dataset.claim) },
  });
  button.disabled = false;
  toast(res.message, res.code === 200 ? 'success' : 'error');
  if (res.code === 401) openLogin(loginContextFor(location.pathname), 'code');
  await fill(slot, courseId);
}

export function initCouponStrips(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-coupon-strip]')) {
    const courseId = Number(slot.dataset.couponStrip);
    slot.addEventListener('click', (e) => {
      const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button[data-claim]');
      // A visitor's button carries data-login: the login trigger opens the dialog.
      if (!button || button.dataset.login !== undefined || button.disabled) return;
      void claim(slot, courseId, button);
    });
    void fill(slot, courseId);
  }
}

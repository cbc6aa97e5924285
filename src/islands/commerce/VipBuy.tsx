/**
 * 开通会员 on /vip (issue 27): the member's VIP and its end (asked of the server after
 * hydration, never in the cached page), and a card's button: a visitor is asked to log in,
 * a member's card order is made (/api/vip/order) and paid on the checkout like any order.
 * The buttons are in the cached HTML (the island only wires them), so nothing moves.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { hasLogin } from '../../client/presence.ts';
import { toast } from '../../client/toast.ts';
import type { OrderView, VipStatus } from '../../server/services/commerce/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../shared/commerce.ts';
import { urls } from '../../shared/urls.ts';
import { VIP_MSG, vipText } from '../../shared/vip.ts';
import { loginContextFor, openLogin } from '../../stores/login-dialog.ts';

export default function VipBuy({ planIds }: { planIds: number[] }) {
  const [status, setStatus] = useState<VipStatus | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if (!hasLogin()) return;
    void api<VipStatus>('get', 'vip/status').then((res) => res.code === 200 && setStatus(res.data));
  }, []);

  // The cached buttons say 开通会员; a VIP member's say 续费会员.
  useEffect(() => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-vip-plan]'))
      b.textContent = status?.active ? VIP_MSG.renew : VIP_MSG.join;
  }, [status]);

  useEffect(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-vip-plan]')];
    const onClick = (e: Event) => {
      const id = Number((e.currentTarget as HTMLElement).dataset.vipPlan);
      if (planIds.includes(id)) void buy(id);
    };
    for (const b of buttons) b.addEventListener('click', onClick);
    return () => {
      for (const b of buttons) b.removeEventListener('click', onClick);
    };
  }, [planIds]);

  async function buy(planId: number) {
    if (!hasLogin()) return openLogin(loginContextFor(location.pathname), 'code');
    setBusy(planId);
    const res = await api<OrderView>('post', 'vip/order', {
      json: { planId, termsVersion: PURCHASE_TERMS_VERSION },
    });
    setBusy(null);
    if (res.code === 401) return openLogin(loginContextFor(location.pathname), 'code');
    if (res.code !== 200) return toast(res.message, 'error');
    location.assign(urls.checkout({ orderNo: res.data.orderNo }));
  }

  return (
    <p className="vip-state" role="status" aria-busy={busy !== null}>
      {status ? vipText(status.endsAt, Date.now()) : ''}
    </p>
  );
}

/**
 * 领券 on a course page (issue 27): the coupons the course offers, fetched from
 * /api/coupon/course (never in the cached HTML); a member takes one with 领取, a
 * visitor is asked to log in first. The strip keeps its height (the page around
 * it does not move) and stays empty when there is nothing to claim.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { hasLogin } from '../../client/presence.ts';
import { toast } from '../../client/toast.ts';
import { urls } from '../../shared/urls.ts';
import { loginContextFor, openLogin } from '../../stores/login-dialog.ts';
import type { ClaimableCoupon } from '../../server/services/commerce/index.ts';

export default function CouponClaim({ courseId }: { courseId: number }) {
  const [list, setList] = useState<ClaimableCoupon[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const load = () =>
    api<{ list: ClaimableCoupon[] }>('get', 'coupon/course', {
      searchParams: { courseId: String(courseId) },
    }).then((res) => res.code === 200 && setList(res.data.list));
  useEffect(() => void load(), [courseId]);

  async function claim(id: number) {
    if (!hasLogin()) return openLogin(loginContextFor(location.pathname), 'code');
    setBusy(id);
    const res = await api('post', 'coupon/claim', { json: { couponId: id } });
    setBusy(null);
    toast(res.message, res.code === 200 ? 'success' : 'error');
    if (res.code === 401) openLogin(loginContextFor(location.pathname), 'code');
    void load();
  }

  if (list.length === 0) return null;
  return (
    <ul className="coupon-strip" aria-label="可领取的优惠券" data-coupons={list.length}>
      {list.map((c) => (
        <li key={c.id} className="coupon-chip" data-coupon={c.id} title={c.validity}>
          <strong>{c.label}</strong>
          <span className="muted">{c.name}</span>
          {c.canClaim ? (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy === c.id}
              aria-label={`领取${c.name}（${c.label}）`}
              onClick={() => void claim(c.id)}
            >
              领取
            </button>
          ) : (
            <a className="claimed" href={urls.userCenter('mycoupon')}>
              已领取
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

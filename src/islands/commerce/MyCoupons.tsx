/**
 * 我的优惠券 (issue 27): the tabs 可使用, 已使用 and 已过期 with their counts, one tab a
 * page at a time from /api/coupon/mine; a usable coupon links to the courses it
 * applies to, a coupon on an unpaid order to that order, a used one names its order.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { COUPON_TABS, COUPON_TEXT, type CouponTab } from '../../shared/coupons.ts';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { urls } from '../../shared/urls.ts';
import type { MemberCoupon, MyCouponPage } from '../../server/services/commerce/index.ts';
import './checkout.css';
import ListPager from './ListPager.tsx';

const SIZE = 10;

function Note({ c }: { c: MemberCoupon }) {
  if (c.state === 'used')
    return (
      <span>
        已于 {c.usedAt ? formatDateTime(c.usedAt) : '—'} 用于订单 {c.orderNo}
      </span>
    );
  if (c.state === 'held')
    return (
      <span>
        {COUPON_TEXT.held}：<a href={`/checkout?orderNo=${c.orderNo}`}>去支付</a>
      </span>
    );
  if (c.state === 'expired') return <span>已于 {formatDate(c.expiresAt)} 过期</span>;
  return (
    <span>
      {c.state === 'notStarted' ? `${formatDate(c.startsAt)} 起可用，` : ''}
      {formatDate(c.expiresAt)} 前有效 · <a href={urls.courses()}>去使用</a>
    </span>
  );
}

export default function MyCoupons() {
  const [tab, setTab] = useState<CouponTab>('usable');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MyCouponPage | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    // Only the answer for the tab and page now shown counts: an earlier tab's answer that
    // arrives late (a click while the first list was loading) is dropped.
    let current = true;
    void api<MyCouponPage>('get', 'coupon/mine', {
      searchParams: { tab, page: String(page), size: String(SIZE) },
    }).then((res) => {
      if (!current) return;
      if (res.code !== 200) return setError(res.message);
      setError('');
      setData(res.data);
    });
    return () => {
      current = false;
    };
  }, [tab, page]);
  const pages = data ? Math.max(1, Math.ceil(data.count / SIZE)) : 1;
  return (
    <div className="my-coupons" data-ready={data ? '1' : undefined}>
      <div role="tablist" aria-label="优惠券状态" className="order-tabs">
        {COUPON_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={t === tab ? 'on' : ''}
            onClick={() => {
              setTab(t);
              setPage(1);
            }}
          >
            {COUPON_TEXT.tab[t]} {data?.counts[t] ?? ''}
          </button>
        ))}
      </div>
      {error && <p role="alert">{error}</p>}
      {data && data.list.length === 0 && (
        <p className="muted">
          暂无{COUPON_TEXT.tab[tab]}的优惠券，<a href={urls.courses()}>去课程页领券</a>
        </p>
      )}
      <ul className="list coupon-list" role="tabpanel">
        {data?.list.map((c) => (
          <li key={c.id} data-coupon={c.id} className={c.state === 'usable' ? '' : 'dim'}>
            <strong className="coupon-label">{c.label}</strong> {c.name}{' '}
            <span className="tag">{c.scopeText}</span>
            <div className="muted">
              <Note c={c} />
            </div>
          </li>
        ))}
      </ul>
      <ListPager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

/**
 * 我的订单 (issue 27): the spec's status tabs from /api/order/category, each
 * tab's orders from /api/order/queryByType; 去支付 and 取消订单 on unpaid
 * orders, 申请取消 with a reason on a paid kit not yet shipped, and the
 * request's state (申请取消中 / 已退款 / 已拒绝（reason）).
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { formatDate, formatPrice } from '../../shared/format.ts';
import { priceBreakdown } from '../../shared/commerce.ts';
import { fmt } from '../../shared/messages.ts';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';
import { GROUP_MSG } from '../../shared/messages/groups.ts';
import { urls } from '../../shared/urls.ts';
import type { OrderItem } from '../../server/services/commerce/index.ts';
import OrderTracking from './OrderTracking.tsx';
import './checkout.css';
import ListPager from './ListPager.tsx';

interface Tab {
  type: number;
  name: string;
  count: number;
}

const SIZE = 10;
const MSG = COMMERCE_MSG.cancelRequest;

/** The state a member reads of an order, the cancellation request's first. */
function stateText(o: OrderItem): string {
  if (o.status === 4) return COMMERCE_MSG.orderStatus[4]!;
  if (o.cancelState === 'requested') return MSG.requested;
  return COMMERCE_MSG.orderStatus[o.status] ?? '处理中';
}

function CancelRequest({ orderNo, onDone }: { orderNo: string; onDone(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setOpen(true)}>
        申请取消
      </button>
    );
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setError(MSG.reasonRequired);
    setBusy(true);
    const res = await api('post', 'order/cancelRequest', { json: { orderNo, reason } });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    toast(res.message, 'success');
    onDone();
  }
  return (
    <form className="cancel-request" aria-label="申请取消" onSubmit={(e) => void submit(e)}>
      <label>
        取消原因
        <textarea
          value={reason}
          maxLength={200}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="btn btn-small" disabled={busy}>
        提交申请
      </button>{' '}
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setOpen(false)}>
        不取消了
      </button>
    </form>
  );
}

export default function MyOrders() {
  const [tabs, setTabs] = useState<Tab[] | null>(null);
  const [type, setType] = useState(0);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: OrderItem[]; count: number } | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const [cats, list] = await Promise.all([
      api<Tab[]>('get', 'order/category'),
      api<{ list: OrderItem[]; count: number }>('get', 'order/queryByType', {
        searchParams: { type: String(type), page: String(page), size: String(SIZE) },
      }),
    ]);
    if (cats.code !== 200 || list.code !== 200) return setError(list.message || cats.message);
    setError('');
    setTabs(cats.data);
    setData(list.data);
  }, [type, page]);
  useEffect(() => void load(), [load]);

  async function cancel(orderNo: string) {
    if (!confirm('确定取消这个订单吗？')) return;
    const res = await api('post', 'order/cancel', { json: { orderNo } });
    toast(res.message, res.code === 200 ? 'success' : 'error');
    void load();
  }

  const pages = data ? Math.max(1, Math.ceil(data.count / SIZE)) : 1;
  return (
    <div className="my-orders" data-ready={data ? '1' : undefined}>
      <div role="tablist" aria-label="订单状态" className="order-tabs">
        {(tabs ?? []).map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={t.type === type}
            className={t.type === type ? 'on' : ''}
            onClick={() => {
              setType(t.type);
              setPage(1);
            }}
          >
            {t.name} {t.count}
          </button>
        ))}
      </div>
      {error && <p role="alert">{error}</p>}
      {data && data.list.length === 0 && (
        <p className="muted">
          还没有订单 <a href={urls.columns()}>浏览课程</a>
        </p>
      )}
      <ul className="list" role="tabpanel">
        {data?.list.map((o) => (
          <li key={o.orderNo} data-order={o.orderNo}>
            <a href={o.courseId === null ? urls.vip() : urls.course(o.courseId)}>{o.title}</a>{' '}
            <span data-amount>{formatPrice(o.amountCents)}</span>{' '}
            {priceBreakdown(o) && (
              <span className="muted" data-discount>
                （{priceBreakdown(o)}）
              </span>
            )}{' '}
            <span className="tag">{stateText(o)}</span>
            {o.delivery === 1 && <span className="delivery">{o.deliveryStr}</span>}
            {o.cancelState === 'refused' && (
              <span className="delivery">
                取消申请{fmt(MSG.refused, { reason: o.cancelRefusal ?? '' })}
              </span>
            )}
            {o.group && o.status !== 0 && (
              <a
                className="delivery"
                href={urls.group(o.group.code)}
                data-group-state={o.group.state}
              >
                {GROUP_MSG.state[o.group.state] ?? o.group.state}
                {o.group.state === 'open' ? ' · 邀请好友参团' : ''}
              </a>
            )}
            {o.deliveryStatus === 'shipped' && <OrderTracking orderNo={o.orderNo} />}
            {o.status === 0 && (
              <>
                <a className="btn btn-small" href={`/checkout?orderNo=${o.orderNo}`}>
                  去支付
                </a>{' '}
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => void cancel(o.orderNo)}
                >
                  取消订单
                </button>
              </>
            )}
            {o.kit && o.status === 2 && !o.expressNumber && o.cancelState === null && (
              <CancelRequest orderNo={o.orderNo} onDone={() => void load()} />
            )}
            <div className="muted">
              订单号 {o.orderNo} · {formatDate(o.createdAt)}
            </div>
          </li>
        ))}
      </ul>
      <ListPager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

/**
 * 查看物流 on a shipped kit order (issue 11): asks /api/order/getExpressInfo
 * on click, which answers the courier's steps (the server asks the courier
 * at most once per 30 minutes per waybill).
 */
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { formatDateTime } from '../../shared/format.ts';
import './checkout.css';
import type { Tracking } from '../../server/services/commerce/index.ts';

type Info = Pick<Tracking, 'steps' | 'notice'>;

export default function OrderTracking({ orderNo }: { orderNo: string }) {
  const [info, setInfo] = useState<Info | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function load() {
    setBusy(true);
    const res = await api<Info>('post', 'order/getExpressInfo', { json: { orderNo } });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    setInfo(res.data);
  }

  return (
    <div className="tracking">
      {!info && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          disabled={busy}
          onClick={() => void load()}
        >
          {busy ? '正在查询…' : '查看物流'}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
      {info?.notice && <p role="status">{info.notice}</p>}
      {info && info.steps.length === 0 && !info.notice && <p role="status">暂无物流信息</p>}
      {info && info.steps.length > 0 && (
        <ol aria-label="物流轨迹">
          {info.steps.map((s) => (
            <li key={s.time + s.context}>
              <time dateTime={s.time}>{formatDateTime(s.time)}</time>
              {s.context}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

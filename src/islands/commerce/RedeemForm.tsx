/**
 * The redemption form on /redemptioncode (issue 11) and the member's used codes below it: the
 * server normalises the code (case, spaces, dashes, I/L/O), limits attempts and answers with the
 * exact reason a code cannot be used; success opens the course and puts the code at the top of
 * 已使用的兑换码 at once (issue 24: no reload needed).
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import './checkout.css';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';
import { formatDate } from '../../shared/format.ts';
import { urls } from '../../shared/urls.ts';
import type { UsedCode } from '../../server/services/commerce/index.ts';

export default function RedeemForm(props: { used: UsedCode[] }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ courseId: number } | null>(null);
  const [used, setUsed] = useState(props.used);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(COMMERCE_MSG.redeem.empty);
    setBusy(true);
    setError('');
    const res = await api<{ courseId: number; used: UsedCode }>('post', 'redemption/redeem', {
      json: { code },
    });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    setDone(res.data);
    setUsed((list) => [res.data.used, ...list.filter((u) => u.code !== res.data.used.code)]);
    setCode('');
  }

  return (
    <>
      <form className="redeem-form" onSubmit={(e) => void submit(e)} noValidate>
        <label>
          <span>兑换码</span>
          <input
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
          />
        </label>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? '正在兑换…' : '立即兑换'}
        </button>
        {error && (
          <p className="err" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="ok" role="status">
            {COMMERCE_MSG.redeem.done}。<a href={urls.course(done.courseId)}>开始学习</a>
          </p>
        )}
      </form>
      <h2 className="used-title">已使用的兑换码</h2>
      {used.length === 0 ? (
        <p className="empty muted">还没有使用过兑换码</p>
      ) : (
        <ul className="list" aria-label="已使用的兑换码">
          {used.map((r) => (
            <li key={r.code}>
              <code>{r.code}</code> 兑换 <a href={urls.course(r.courseId)}>{r.title}</a>{' '}
              {r.usedAt && <span className="muted">{formatDate(r.usedAt)}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

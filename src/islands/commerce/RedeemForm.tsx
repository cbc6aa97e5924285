/**
 * The redemption form on /redemptioncode (issue 11): the server normalises
 * the code (case, spaces, dashes, I/L/O), limits attempts and answers with
 * the exact reason a code cannot be used; success opens the course.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import './checkout.css';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';

export default function RedeemForm() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ courseId: number } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(COMMERCE_MSG.redeem.empty);
    setBusy(true);
    setError('');
    const res = await api<{ courseId: number }>('post', 'redemption/redeem', { json: { code } });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    setDone(res.data);
    setCode('');
  }

  return (
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
          {COMMERCE_MSG.redeem.done}。<a href={`/course/${done.courseId}`}>开始学习</a>
        </p>
      )}
    </form>
  );
}

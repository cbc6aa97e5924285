/**
 * A live broadcast's reservation form (spec 7: fromInfo → reserveFrom, then
 * saveReserve). Visitors are asked to log in first; the server checks every
 * field again and its message is shown as it comes.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { openLogin } from '../../stores/login-dialog.ts';
import '../media/media.css';
import { hasLogin } from '../../client/presence.ts';
import type { ReserveField as Field } from '../../server/services/live/index.ts';

/**
 * `initial` is the public form the page already has, so the server-rendered
 * form needs no shift; `startAt` hides the form once the broadcast is on air
 * (the cached page may be older than the start; the server refuses too).
 */
export default function ReserveForm({
  liveId,
  initial,
  startAt,
}: {
  liveId: number;
  initial?: Field[];
  startAt: string;
}) {
  const [fields, setFields] = useState<Field[] | null>(initial ?? null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const left = new Date(startAt).getTime() - Date.now();
    if (left <= 0) return setStarted(true);
    // Past ~24 days setTimeout overflows; such a page is long stale anyway.
    if (left > 2 ** 31 - 1) return;
    const t = setTimeout(() => setStarted(true), left);
    return () => clearTimeout(t);
  }, [startAt]);
  useEffect(() => {
    void api<{ reserveFrom: Field[] }>('get', `live_broadcast/fromInfo/${liveId}`).then((res) => {
      if (res.code === 200) setFields(res.data.reserveFrom);
      else toast(res.message, 'error');
    });
  }, [liveId]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!hasLogin()) {
      openLogin('live');
      return;
    }
    const form: Record<string, string> = { liveId: String(liveId) };
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string') form[k] = v;
    form.smsConsent = form.smsConsent === '1' ? '1' : '0';
    setBusy(true);
    const res = await api('post', 'live_broadcast/saveReserve', { form });
    setBusy(false);
    if (res.code === 200) {
      setDone(true);
      toast(res.message, 'success');
    } else toast(res.message, res.code === -1 ? 'error' : 'warning');
  }

  if (started)
    return (
      <p className="muted" role="status" data-reserve-closed>
        直播已开始，无需预约，可直接在上方进入直播间观看。
      </p>
    );
  if (!fields) return <p className="muted">正在加载预约表单…</p>;
  return (
    <form className="reserve-form" onSubmit={(e) => void submit(e)} noValidate data-reserve-form>
      {fields.map((f) => (
        <label key={f.name}>
          <span>
            {f.label}
            {f.required && <b aria-label="必填">*</b>}
          </span>
          {f.options.length > 0 ? (
            <select name={f.name} required={f.required} defaultValue="">
              <option value="">请选择</option>
              {f.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          ) : (
            <input
              name={f.name}
              type={f.type === 'tel' || f.type === 'email' ? f.type : 'text'}
              maxLength={100}
              required={f.required}
            />
          )}
        </label>
      ))}
      <label className="reserve-sms">
        <input type="checkbox" name="smsConsent" value="1" />
        <span>开播前15分钟发送短信提醒到我的登录手机号</span>
      </label>
      <p>
        <button className="btn" type="submit" disabled={busy}>
          {done ? '已预约，更新信息' : '立即预约'}
        </button>
      </p>
    </form>
  );
}

/**
 * 拼团 buttons (issue 27): 发起拼团 on a course page and 参加拼团 on a group's page. A visitor
 * is asked to log in; a member's seat is taken by the server (/api/group/open, /api/group/join:
 * it decides, the last seat once) with the order paying it, paid on the checkout. A refusal
 * (该团已满员, …) is said where the button is.
 */
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { hasLogin } from '../../client/presence.ts';
import type { GroupSeat } from '../../server/services/commerce/index.ts';
import { PURCHASE_TERMS_VERSION } from '../../shared/commerce.ts';
import { urls } from '../../shared/urls.ts';
import { loginContextFor, openLogin } from '../../stores/login-dialog.ts';

type Props =
  | { action: 'open'; courseId: number; label: string; appOrigin?: string }
  | { action: 'join'; code: string; label: string; appOrigin?: string };

export default function GroupBuy(p: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function go() {
    if (!hasLogin()) return openLogin(loginContextFor(location.pathname), 'code');
    setBusy(true);
    setError('');
    const res =
      p.action === 'open'
        ? await api<GroupSeat>('post', 'group/open', {
            json: { courseId: p.courseId, termsVersion: PURCHASE_TERMS_VERSION },
          })
        : await api<GroupSeat>('post', 'group/join', {
            json: { code: p.code, termsVersion: PURCHASE_TERMS_VERSION },
          });
    setBusy(false);
    if (res.code === 401) return openLogin(loginContextFor(location.pathname), 'code');
    if (res.code !== 200) return setError(res.message);
    location.assign(`${p.appOrigin ?? ''}${urls.checkout({ orderNo: res.data.order.orderNo })}`);
  }

  return (
    <div className="group-buy">
      <button type="button" className="btn" disabled={busy} onClick={() => void go()}>
        {busy ? '正在提交…' : p.label}
      </button>
      <p className="err" role="alert">
        {error}
      </p>
    </div>
  );
}

/**
 * The return from WeChat login (spec 2: /wxredirect): exchanges the code,
 * logs in a bound identity, or binds a new one to a phone verified by SMS.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast, toastAcross } from '../../client/toast.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { PhoneCodeFields, usePhoneCode } from '../login/code-fields.tsx';
import '../login/login-dialog.css';
import type { UserInfo } from '../../server/services/accounts/index.ts';

type Phase =
  | { kind: 'checking' }
  | { kind: 'failed'; message: string }
  | { kind: 'bind'; bindToken: string }
  | { kind: 'done' };

async function finish(redirect: string | undefined): Promise<void> {
  const info = await api<{ info: Pick<UserInfo, 'mobile' | 'photo'> }>('post', 'user/information');
  if (info.code === 200) {
    localStorage.setItem(STORAGE_KEYS.mobile, info.data.info.mobile);
    if (info.data.info.photo) localStorage.setItem(STORAGE_KEYS.avatar, info.data.info.photo);
  }
  toastAcross(MSG.loginSuccess, 'success');
  const to = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
  setTimeout(() => location.replace(to), 400);
}

export default function WxRedirect() {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [redirect, setRedirect] = useState<string | undefined>();
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const code = q.get('code');
    const state = q.get('state');
    if (!code || !state) {
      setPhase({ kind: 'failed', message: '微信登录链接无效或已过期，请重新扫码' });
      return;
    }
    void api<{ bound: boolean; bindToken?: string; redirect?: string }>(
      'post',
      'user/wx/callback',
      { form: { code, state } },
    ).then((res) => {
      if (res.code !== 200) return setPhase({ kind: 'failed', message: res.message });
      setRedirect(res.data.redirect);
      if (res.data.bound) {
        setPhase({ kind: 'done' });
        void finish(res.data.redirect);
      } else setPhase({ kind: 'bind', bindToken: res.data.bindToken ?? '' });
    });
  }, []);

  if (phase.kind === 'checking') return <p>正在确认微信登录…</p>;
  if (phase.kind === 'done') return <p>{MSG.loginSuccess}，正在跳转…</p>;
  if (phase.kind === 'failed')
    return (
      <p role="alert">
        {phase.message}。<a href="/">返回首页</a>
      </p>
    );
  return <BindForm bindToken={phase.bindToken} redirect={redirect} />;
}

function BindForm(p: { bindToken: string; redirect: string | undefined }) {
  const pc = usePhoneCode({ sendPath: 'user/sendCode', sendType: '1' });
  const [busy, setBusy] = useState(false);
  const { refresh } = pc;
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function bind(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = pc.submitValues();
    if (busy || !values) return;
    setBusy(true);
    const res = await api('post', 'user/wx/bind/check', {
      form: { bindToken: p.bindToken, ...values },
    });
    setBusy(false);
    if (res.code === 200) await finish(p.redirect);
    else toast(res.message, 'error');
  }
  return (
    <form className="ld-form" onSubmit={bind} noValidate>
      <p>首次使用微信登录，请绑定手机号。{MSG.autoRegisterNotice}。</p>
      <PhoneCodeFields idPrefix="wx" pc={pc} />
      <button className="ld-submit" type="submit" disabled={busy}>
        绑定并登录
      </button>
    </form>
  );
}

/**
 * SMS-code login/register (spec 2, 4, 5, 7): a graphic captcha guards
 * sending; the send button counts down 60 s; an unregistered phone is
 * registered after verification.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { MSG } from '../../shared/messages.ts';
import { afterLogin } from './after-login.ts';
import { PhoneCodeFields, usePhoneCode, type Captcha } from './code-fields.tsx';

export function CodeForm(p: {
  submitText: string;
  captcha: Captcha | null;
  refreshCaptcha(): Promise<void>;
  inviteCode?: string;
}) {
  const pc = usePhoneCode({
    sendPath: 'user/sendCode',
    sendType: '1',
    captcha: { captcha: p.captcha, refresh: p.refreshCaptcha },
  });
  const [busy, setBusy] = useState(false);
  const { captcha, refreshCaptcha } = p;

  // spec 4: code mode fetches a captcha if none exists.
  useEffect(() => {
    if (!captcha) void refreshCaptcha();
  }, [captcha, refreshCaptcha]);

  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = pc.submitValues();
    if (!values || busy) return;
    setBusy(true);
    const res = await api<{ token: string; registered: boolean }>('post', 'user/loginCode', {
      json: { ...values, ...(p.inviteCode ? { inviteCode: p.inviteCode } : {}) },
    });
    setBusy(false);
    if (res.code === 200) await afterLogin(values.mobile);
    else toast(res.message, 'error');
  }

  return (
    <form className="ld-form" onSubmit={submit} noValidate data-mode="code">
      <PhoneCodeFields idPrefix="ld" pc={pc} />
      <p className="ld-notice">{MSG.autoRegisterNotice}</p>
      <button className="ld-submit" type="submit" aria-disabled={busy}>
        {p.submitText}
      </button>
    </form>
  );
}

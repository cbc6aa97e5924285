/**
 * Password recovery (spec 2 /forgetpass; spec 7 verify_reset → reset →
 * resetConfirm): phone and captcha, the SMS code, then the new password.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { checkPassword } from '../../shared/validation.ts';
import { PhoneCodeFields, usePhoneCode } from '../login/code-fields.tsx';
import { PasswordField } from '../login/fields.tsx';
import { useForm } from '../login/use-form.ts';
import '../login/login-dialog.css';

export const PASSWORDS_DIFFER = '两次输入的密码不一致';

export default function ForgetPassword() {
  const pc = usePhoneCode({ sendPath: 'user/verify_reset' });
  const pw = useForm({ password: '', confirm: '' }, { password: checkPassword });
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmError =
    pw.values.confirm && pw.values.confirm !== pw.values.password ? PASSWORDS_DIFFER : null;
  const { refresh } = pc;
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function verify(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = pc.submitValues();
    if (busy || !values) return;
    setBusy(true);
    const res = await api<{ resetToken: string }>('post', 'user/reset', { form: values });
    setBusy(false);
    if (res.code === 200) setResetToken(res.data.resetToken);
    else toast(res.message, 'error');
  }

  async function confirm(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !pw.validate(['password']) || confirmError || !resetToken) return;
    setBusy(true);
    const res = await api('post', 'user/resetConfirm', {
      form: { resetToken, password: pw.values.password },
    });
    setBusy(false);
    if (res.code === 200) {
      toast(res.message, 'success');
      localStorage.removeItem(STORAGE_KEYS.mobile);
      setTimeout(() => location.assign('/'), 800);
    } else toast(res.message, 'error');
  }

  if (resetToken) {
    return (
      <form className="ld-form" onSubmit={confirm} noValidate data-step="password">
        <PasswordField
          id="fp-password"
          label="新密码"
          autoComplete="new-password"
          placeholder="请输入新密码（不少于6位）"
          form={pw}
          name="password"
        />
        <PasswordField
          id="fp-confirm"
          label="确认新密码"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          form={pw}
          name="confirm"
          error={confirmError}
          onBlur={() => undefined}
        />
        <button className="ld-submit" type="submit" disabled={busy}>
          重置密码
        </button>
      </form>
    );
  }
  return (
    <form className="ld-form" onSubmit={verify} noValidate data-step="verify">
      <PhoneCodeFields idPrefix="fp" pc={pc} />
      <button className="ld-submit" type="submit" disabled={busy}>
        下一步
      </button>
    </form>
  );
}

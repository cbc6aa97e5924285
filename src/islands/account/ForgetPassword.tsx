/**
 * Password recovery (spec 2 /forgetpass; spec 7 verify_reset → reset →
 * resetConfirm): phone and captcha, the SMS code, then the new password.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { DEFAULT_AREA_NUM, STORAGE_KEYS } from '../../shared/constants.ts';
import { checkCaptcha, checkPassword, checkPhone, checkSmsCode } from '../../shared/validation.ts';
import { CaptchaField, SmsCodeField, useCaptcha, useSendCode } from '../login/code-fields.tsx';
import { Field, PhoneField } from '../login/fields.tsx';
import { useForm } from '../login/use-form.ts';
import '../login/login-dialog.css';

export const PASSWORDS_DIFFER = '两次输入的密码不一致';

export default function ForgetPassword() {
  const [area, setArea] = useState(DEFAULT_AREA_NUM);
  const { captcha, refresh } = useCaptcha();
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const f = useForm(
    { mobile: '', captcha: '', code: '', password: '', confirm: '' },
    { mobile: checkPhone, captcha: checkCaptcha, code: checkSmsCode, password: checkPassword },
  );
  const confirmError =
    f.values.confirm && f.values.confirm !== f.values.password ? PASSWORDS_DIFFER : null;
  const sender = useSendCode('user/verify_reset', {
    ready: () => f.validate(['mobile', 'captcha']) && captcha !== null,
    form: () => ({
      mobile: f.values.mobile.trim(),
      areaNum: area,
      captcha: f.values.captcha.trim(),
      captchaId: captcha?.captchaId ?? '',
    }),
    onFailure: () => {
      f.set('captcha', '');
      void refresh();
    },
  });
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function verify(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !f.validate(['mobile', 'code'])) return;
    setBusy(true);
    const res = await api<{ resetToken: string }>('post', 'user/reset', {
      form: { mobile: f.values.mobile.trim(), areaNum: area, code: f.values.code.trim() },
    });
    setBusy(false);
    if (res.code === 200) setResetToken(res.data.resetToken);
    else toast(res.message, 'error');
  }

  async function confirm(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !f.validate(['password']) || confirmError || !resetToken) return;
    setBusy(true);
    const res = await api('post', 'user/resetConfirm', {
      form: { resetToken, password: f.values.password },
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
        <Field
          id="fp-password"
          label="新密码"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          placeholder="请输入新密码（不少于6位）"
          value={f.values.password}
          error={f.errors.password ?? null}
          onChange={(v) => f.set('password', v)}
          onBlur={() => f.blur('password')}
        />
        <Field
          id="fp-confirm"
          label="确认新密码"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          placeholder="请再次输入新密码"
          value={f.values.confirm}
          error={confirmError}
          onChange={(v) => f.set('confirm', v)}
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
      <PhoneField
        idPrefix="fp"
        area={area}
        onArea={setArea}
        value={f.values.mobile}
        error={f.errors.mobile ?? null}
        onChange={(v) => f.set('mobile', v)}
        onBlur={() => f.blur('mobile')}
      />
      <CaptchaField
        idPrefix="fp"
        captcha={captcha}
        onRefresh={() => void refresh()}
        value={f.values.captcha}
        error={f.errors.captcha ?? null}
        onChange={(v) => f.set('captcha', v)}
        onBlur={() => f.blur('captcha')}
      />
      <SmsCodeField
        idPrefix="fp"
        left={sender.left}
        sending={sender.sending}
        onSend={() => void sender.send()}
        value={f.values.code}
        error={f.errors.code ?? null}
        onChange={(v) => f.set('code', v)}
        onBlur={() => f.blur('code')}
      />
      <button className="ld-submit" type="submit" disabled={busy}>
        下一步
      </button>
    </form>
  );
}

/**
 * Password login (spec 2, 5, 7: /api/user/login with mobile, areaNum, password). After many
 * wrong passwords on an account the server answers code 428 (issue 24): the form then asks for
 * a graphic captcha with each try, and says the SMS-code login works too.
 */
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { DEFAULT_AREA_NUM } from '../../shared/constants.ts';
import { checkPassword, checkPhone } from '../../shared/validation.ts';
import { afterLogin } from './after-login.ts';
import { CaptchaField, useCaptcha } from './code-fields.tsx';
import { PasswordField, PhoneField } from './fields.tsx';
import { useForm } from './use-form.ts';

/** The server's "a captcha is needed" (errors.ts CODE.preconditionRequired). */
const CAPTCHA_NEEDED = 428;

export function PasswordForm(p: { submitText: string }) {
  const f = useForm({ mobile: '', password: '' }, { mobile: checkPhone, password: checkPassword });
  const [area, setArea] = useState(DEFAULT_AREA_NUM);
  const [busy, setBusy] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [answer, setAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const { captcha, refresh } = useCaptcha();
  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!f.validate() || busy) return;
    if (needCaptcha && !answer.trim()) return setCaptchaError('请输入图形验证码');
    setBusy(true);
    const mobile = f.values.mobile.trim();
    const form: Record<string, string> = { mobile, areaNum: area, password: f.values.password };
    if (needCaptcha && captcha)
      Object.assign(form, { captcha: answer.trim(), captchaId: captcha.captchaId });
    const res = await api<{ token: string }>('post', 'user/login', { form });
    setBusy(false);
    if (res.code === 200) return afterLogin(mobile);
    toast(res.message, 'error');
    // A captcha answers one try: the next one gets a new picture.
    if (res.code === CAPTCHA_NEEDED || needCaptcha) {
      setNeedCaptcha(true);
      setAnswer('');
      void refresh();
    }
  }
  return (
    <form className="ld-form" onSubmit={submit} noValidate data-mode="password">
      <PhoneField
        idPrefix="ld"
        area={area}
        onArea={setArea}
        value={f.values.mobile}
        error={f.errors.mobile ?? null}
        onChange={(v) => f.set('mobile', v)}
        onBlur={() => f.blur('mobile')}
      />
      <PasswordField
        id="ld-password"
        label="密码"
        autoComplete="current-password"
        placeholder="请输入密码"
        form={f}
        name="password"
      />
      {needCaptcha && (
        <CaptchaField
          idPrefix="ld-pw"
          captcha={captcha}
          onRefresh={() => void refresh()}
          value={answer}
          error={captchaError}
          onChange={(v) => {
            setAnswer(v);
            setCaptchaError(null);
          }}
          onBlur={() => undefined}
        />
      )}
      <button className="ld-submit" type="submit" aria-disabled={busy}>
        {p.submitText}
      </button>
    </form>
  );
}

/**
 * SMS-code login/register (spec 2, 4, 5, 7): a graphic captcha guards
 * sending; the send button counts down 60 s; an unregistered phone is
 * registered after verification.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { DEFAULT_AREA_NUM } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { checkCaptcha, checkPhone, checkSmsCode } from '../../shared/validation.ts';
import { afterLogin } from './after-login.ts';
import { CaptchaField, SmsCodeField, useSendCode, type Captcha } from './code-fields.tsx';
import { PhoneField } from './fields.tsx';
import { useForm } from './use-form.ts';

export function CodeForm(p: {
  submitText: string;
  captcha: Captcha | null;
  refreshCaptcha(): Promise<void>;
  inviteCode?: string;
}) {
  const f = useForm(
    { mobile: '', captcha: '', code: '' },
    { mobile: checkPhone, captcha: checkCaptcha, code: checkSmsCode },
  );
  const [area, setArea] = useState(DEFAULT_AREA_NUM);
  const [busy, setBusy] = useState(false);
  const { captcha, refreshCaptcha } = p;
  const sender = useSendCode('user/sendCode', {
    ready: () => f.validate(['mobile', 'captcha']) && captcha !== null,
    form: () => ({
      mobile: f.values.mobile.trim(),
      areaNum: area,
      type: '1',
      captcha: f.values.captcha.trim(),
      captchaId: captcha?.captchaId ?? '',
    }),
    onFailure: () => {
      f.set('captcha', '');
      void refreshCaptcha();
    },
  });

  // spec 4: code mode fetches a captcha if none exists.
  useEffect(() => {
    if (!captcha) void refreshCaptcha();
  }, [captcha, refreshCaptcha]);

  async function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!f.validate(['mobile', 'code']) || busy) return;
    setBusy(true);
    const mobile = f.values.mobile.trim();
    const res = await api<{ token: string; registered: boolean }>('post', 'user/loginCode', {
      json: {
        mobile,
        areaNum: area,
        code: f.values.code.trim(),
        ...(p.inviteCode ? { inviteCode: p.inviteCode } : {}),
      },
    });
    setBusy(false);
    if (res.code === 200) await afterLogin(mobile);
    else toast(res.message, 'error');
  }

  return (
    <form className="ld-form" onSubmit={submit} noValidate data-mode="code">
      <PhoneField
        idPrefix="ld"
        area={area}
        onArea={setArea}
        value={f.values.mobile}
        error={f.errors.mobile ?? null}
        onChange={(v) => f.set('mobile', v)}
        onBlur={() => f.blur('mobile')}
      />
      <CaptchaField
        idPrefix="ld"
        captcha={captcha}
        onRefresh={() => void refreshCaptcha()}
        value={f.values.captcha}
        error={f.errors.captcha ?? null}
        onChange={(v) => f.set('captcha', v)}
        onBlur={() => f.blur('captcha')}
      />
      <SmsCodeField
        idPrefix="ld"
        left={sender.left}
        sending={sender.sending}
        onSend={() => void sender.send()}
        value={f.values.code}
        error={f.errors.code ?? null}
        onChange={(v) => f.set('code', v)}
        onBlur={() => f.blur('code')}
      />
      <p className="ld-notice">{MSG.autoRegisterNotice}</p>
      <button className="ld-submit" type="submit" disabled={busy}>
        {p.submitText}
      </button>
    </form>
  );
}

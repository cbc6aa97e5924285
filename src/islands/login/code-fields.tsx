/**
 * The captcha-guarded SMS code: the captcha field, the code field with its
 * send button, and the sending itself with the 60 s countdown (spec 4).
 * Shared by the login dialog, password recovery and WeChat binding.
 */
import { useCallback, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import type { CaptchaChallenge } from '../../server/services/accounts/index.ts';
import { DEFAULT_AREA_NUM, TIMING } from '../../shared/constants.ts';
import { fmt, MSG } from '../../shared/messages.ts';
import { ACCOUNTS_MSG } from '../../shared/messages/accounts.ts';
import { checkCaptcha, checkPhone, checkSmsCode } from '../../shared/validation.ts';
import { Field, PhoneField } from './fields.tsx';
import { useCountdown } from './use-countdown.ts';
import { useForm } from './use-form.ts';

export type Captcha = CaptchaChallenge;

/** The current captcha and a function that fetches a new one. */
export function useCaptcha(): { captcha: Captcha | null; refresh(): Promise<void> } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(async () => {
    const res = await api<Captcha>('post', 'getCaptcha', { json: { captchaType: 0 } });
    if (res.code === 200) setCaptcha(res.data);
    else toast(res.message, 'error');
  }, []);
  return { captcha, refresh };
}

/**
 * Sends a code through `path` once `ready()` (validation) passes; counts down
 * 60 s on success; on failure warns with the server's message and replaces
 * the captcha the server burned.
 */
export function useSendCode(
  path: string,
  opts: { ready(): boolean; form(): Record<string, string>; onFailure(): void },
) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  return {
    left: countdown.left,
    sending,
    async send() {
      if (countdown.left > 0 || sending || !opts.ready()) return;
      setSending(true);
      const res = await api('post', path, { form: opts.form() });
      setSending(false);
      if (res.code === 200) {
        toast(MSG.codeSent, 'success');
        countdown.start(TIMING.codeResendSeconds);
      } else {
        toast(res.message, 'warning');
        opts.onFailure();
      }
    },
  };
}

interface CommonProps {
  idPrefix: string;
  value: string;
  error: string | null;
  onChange(v: string): void;
  onBlur(): void;
}

/** The value, message and handlers a field passes straight on to its input. */
const bound = ({ value, error, onChange, onBlur }: CommonProps) => ({
  value,
  error,
  onChange,
  onBlur,
});

export function CaptchaField(p: CommonProps & { captcha: Captcha | null; onRefresh(): void }) {
  return (
    <Field
      id={`${p.idPrefix}-captcha`}
      label="图形验证码"
      maxLength={8}
      autoComplete="off"
      placeholder="请输入图形验证码"
      {...bound(p)}
      addon={
        <button
          type="button"
          className="ld-captcha"
          onClick={p.onRefresh}
          aria-label="看不清，换一张"
        >
          {p.captcha ? (
            <img src={p.captcha.captcha} alt="图形验证码" width="100" height="36" />
          ) : (
            <span>加载中…</span>
          )}
        </button>
      }
    />
  );
}

export function SmsCodeField(p: CommonProps & { left: number; sending: boolean; onSend(): void }) {
  return (
    <Field
      id={`${p.idPrefix}-code`}
      label="短信验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      placeholder="请输入验证码"
      {...bound(p)}
      addon={
        <button
          type="button"
          className="ld-send"
          onClick={p.onSend}
          disabled={p.left > 0 || p.sending}
        >
          {p.left > 0 ? fmt(ACCOUNTS_MSG.resendIn, { n: p.left }) : '获取验证码'}
        </button>
      }
    />
  );
}

/**
 * The phone + captcha + SMS code form state used by code login, recovery,
 * WeChat binding and phone change: validation by the spec-5 rules, the area
 * code (default 86), the captcha (its own unless one is passed in) and sending.
 */
export function usePhoneCode(opts: {
  sendPath: string;
  sendType?: string;
  captcha?: { captcha: Captcha | null; refresh(): Promise<void> };
}) {
  const f = useForm(
    { mobile: '', captcha: '', code: '' },
    { mobile: checkPhone, captcha: checkCaptcha, code: checkSmsCode },
  );
  const [area, setArea] = useState<string>(DEFAULT_AREA_NUM);
  const own = useCaptcha();
  const { captcha, refresh } = opts.captcha ?? own;
  const sender = useSendCode(opts.sendPath, {
    ready: () => f.validate(['mobile', 'captcha']) && captcha !== null,
    form: () => ({
      mobile: f.values.mobile.trim(),
      areaNum: area,
      ...(opts.sendType ? { type: opts.sendType } : {}),
      captcha: f.values.captcha.trim(),
      captchaId: captcha?.captchaId ?? '',
    }),
    onFailure: () => {
      f.set('captcha', '');
      void refresh();
    },
  });
  return {
    f,
    area,
    setArea,
    captcha,
    refresh,
    sender,
    /** The trimmed phone and the code, once the phone and code pass validation. */
    submitValues(): { mobile: string; areaNum: string; code: string } | null {
      if (!f.validate(['mobile', 'code'])) return null;
      return { mobile: f.values.mobile.trim(), areaNum: area, code: f.values.code.trim() };
    },
  };
}

/** The three fields of a phone + captcha + SMS code form. */
export function PhoneCodeFields(p: { idPrefix: string; pc: ReturnType<typeof usePhoneCode> }) {
  const { f, area, setArea, captcha, refresh, sender } = p.pc;
  return (
    <>
      <PhoneField
        idPrefix={p.idPrefix}
        area={area}
        onArea={setArea}
        value={f.values.mobile}
        error={f.errors.mobile ?? null}
        onChange={(v) => f.set('mobile', v)}
        onBlur={() => f.blur('mobile')}
      />
      <CaptchaField
        idPrefix={p.idPrefix}
        captcha={captcha}
        onRefresh={() => void refresh()}
        value={f.values.captcha}
        error={f.errors.captcha ?? null}
        onChange={(v) => f.set('captcha', v)}
        onBlur={() => f.blur('captcha')}
      />
      <SmsCodeField
        idPrefix={p.idPrefix}
        left={sender.left}
        sending={sender.sending}
        onSend={() => void sender.send()}
        value={f.values.code}
        error={f.errors.code ?? null}
        onChange={(v) => f.set('code', v)}
        onBlur={() => f.blur('code')}
      />
    </>
  );
}

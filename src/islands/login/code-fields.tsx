/**
 * The captcha-guarded SMS code: the captcha field, the code field with its
 * send button, and the sending itself with the 60 s countdown (spec 4).
 * Shared by the login dialog, password recovery and WeChat binding.
 */
import { useCallback, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { TIMING } from '../../shared/constants.ts';
import { fmt, MSG } from '../../shared/messages.ts';
import { Field } from './fields.tsx';
import { useCountdown } from './use-countdown.ts';

export interface Captcha {
  captcha: string;
  captchaId: string;
}

export const RESEND_TEXT = '{{n}}秒后重新发送';

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

export function CaptchaField(p: CommonProps & { captcha: Captcha | null; onRefresh(): void }) {
  return (
    <Field
      id={`${p.idPrefix}-captcha`}
      label="图形验证码"
      maxLength={8}
      autoComplete="off"
      placeholder="请输入图形验证码"
      value={p.value}
      error={p.error}
      onChange={p.onChange}
      onBlur={p.onBlur}
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
      value={p.value}
      error={p.error}
      onChange={p.onChange}
      onBlur={p.onBlur}
      addon={
        <button
          type="button"
          className="ld-send"
          onClick={p.onSend}
          disabled={p.left > 0 || p.sending}
        >
          {p.left > 0 ? fmt(RESEND_TEXT, { n: p.left }) : '获取验证码'}
        </button>
      }
    />
  );
}

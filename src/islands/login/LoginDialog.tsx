/**
 * The login dialog island (spec 2, 4): password, SMS-code and WeChat QR
 * modes. On /live/<id> and /exam/<id> it cannot be closed and shows the spec's
 * warning; elsewhere it closes by button, Escape or backdrop.
 */
import { useStore } from '@nanostores/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { apiOrigin } from '../../client/api-origin.ts';
import { $loginDialog, closeLogin } from '../../stores/login-dialog.ts';
import { useCaptcha } from './code-fields.tsx';
import { CodeForm } from './CodeForm.tsx';
import { ConsentDialog } from './ConsentDialog.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { QrPanel } from './QrPanel.tsx';
import { textsFor } from './texts.ts';
import { useZoneImage } from './use-zone-image.ts';

type Mode = 'password' | 'code' | 'qr';

export default function LoginDialog(p: { inviteCode?: string }) {
  const state = useStore($loginDialog);
  const ref = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>('password');
  const { captcha, refresh: refreshCaptcha } = useCaptcha();
  const [consent, setConsent] = useState<'terms' | 'privacy' | null>(null);
  const texts = textsFor(state.context);
  const zone = useZoneImage(state.open);
  const closable = state.context === 'default';

  // The element follows the store in the same frame as the render (a layout effect): Preact runs
  // plain effects a frame later, after the toast or the reload that a login schedules.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (state.open && !d.open) {
      setMode(state.mode);
      d.showModal();
    }
    if (!state.open && d.open) d.close();
  }, [state.open, state.mode]);

  return (
    <dialog
      ref={ref}
      className="login-dialog"
      aria-labelledby="ld-title"
      onCancel={(e) => {
        // Events of the nested consent dialog bubble to this one too; only ours count.
        if (e.target === e.currentTarget && !closable) e.preventDefault();
      }}
      onClose={(e) => {
        if (e.target !== e.currentTarget) return;
        if (!closable) ref.current?.showModal();
        else closeLogin();
      }}
      onClick={(e) => {
        if (closable && e.target === ref.current) closeLogin();
      }}
    >
      <div className="ld-head">
        <h2 id="ld-title">{texts.title}</h2>
        <button
          type="button"
          className="ld-qr-toggle"
          aria-label={mode === 'qr' ? '密码/验证码登录注册' : '微信扫码登录'}
          aria-pressed={mode === 'qr'}
          onClick={() => setMode(mode === 'qr' ? 'password' : 'qr')}
        >
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M3 3h8v8H3V3Zm2 2v4h4V5H5Zm8-2h8v8h-8V3Zm2 2v4h4V5h-4ZM3 13h8v8H3v-8Zm2 2v4h4v-4H5Zm8-2h3v3h-3v-3Zm3 3h3v3h-3v-3Zm-3 3h3v2h-3v-2Zm5-6h1v3h-1v-3Zm0 5h1v3h-3v-1h2v-2Z"
            />
          </svg>
        </button>
        {closable && (
          <button type="button" className="ld-close" onClick={() => closeLogin()} aria-label="关闭">
            ×
          </button>
        )}
      </div>
      {zone && (
        <img
          className="ld-zone-image"
          src={zone.imageUrl}
          alt={`${zone.companyName} 技术专区`}
          width="372"
          height="120"
        />
      )}
      {texts.warning && (
        <p className="ld-warning" role="alert">
          {texts.warning}
        </p>
      )}
      {mode === 'qr' ? (
        <QrPanel onBack={() => setMode('password')} />
      ) : (
        <>
          <div className="ld-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={mode === 'password'}
              onClick={() => setMode('password')}
            >
              {texts.passwordTab}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={mode === 'code'}
              onClick={() => setMode('code')}
            >
              {texts.codeTab}
            </button>
          </div>
          {mode === 'password' ? (
            <PasswordForm key="password" submitText={texts.passwordSubmit} />
          ) : (
            <CodeForm
              key="code"
              submitText={texts.codeSubmit}
              captcha={captcha}
              refreshCaptcha={refreshCaptcha}
              inviteCode={p.inviteCode}
            />
          )}
        </>
      )}
      <div className="ld-foot">
        <p className="ld-consent-text">
          登录即表示您已阅读并同意
          <button type="button" className="ld-link" onClick={() => setConsent('terms')}>
            《服务条款》
          </button>
          和
          <button type="button" className="ld-link" onClick={() => setConsent('privacy')}>
            《隐私政策》
          </button>
        </p>
        <a className="ld-help" href={`${apiOrigin()}/forgetpass`}>
          忘记密码？
        </a>
      </div>
      <ConsentDialog doc={consent} onClose={() => setConsent(null)} />
    </dialog>
  );
}

/** WeChat QR login (spec 2): the provider's QR page, reached through our redirect with a single-use state. */
export function QrPanel(p: { onBack(): void }) {
  const redirect = location.pathname + location.search;
  const href = `/api/user/wx/login?redirect=${encodeURIComponent(redirect)}`;
  return (
    <div className="ld-qr" data-mode="qr">
      <svg width="120" height="120" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="#1aad19"
          d="M8.7 4C4.9 4 2 6.5 2 9.6c0 1.8 1 3.3 2.5 4.4l-.6 1.9 2.2-1.1c.8.2 1.6.4 2.6.4h.6a5 5 0 0 1-.2-1.4c0-3 2.8-5.4 6.3-5.4h.6C15.4 5.8 12.3 4 8.7 4Zm-2.2 3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.5 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8ZM16 9.3c-3 0-5.5 2-5.5 4.6s2.5 4.6 5.5 4.6c.7 0 1.3-.1 1.9-.3l1.8.9-.5-1.6c1.4-.8 2.3-2.1 2.3-3.6 0-2.5-2.5-4.6-5.5-4.6Zm-1.8 2.6a.7.7 0 1 1 0 1.5.7.7 0 0 1 0-1.5Zm3.6 0a.7.7 0 1 1 0 1.5.7.7 0 0 1 0-1.5Z"
        />
      </svg>
      <p>使用微信扫一扫登录</p>
      <a className="ld-submit" href={href}>
        打开微信扫码登录
      </a>
      <button type="button" className="ld-link" onClick={p.onBack}>
        密码/验证码登录注册
      </button>
    </div>
  );
}

/** The checkout and result pages of the local payment platforms (fake-alipay, fake-wechatpay). */

export function esc(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** A small page in the platform's colour: `fakePayPage('支付宝', '<p>…</p>', '#1677ff')`. */
export function fakePayPage(title: string, body: string, color: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;text-align:center;color:#222}
h1{font-size:18px;color:${color}}.amount{font-size:32px;font-weight:600}.desc,.note{color:#666}.note{font-size:13px}
button{background:${color};color:#fff;border:0;border-radius:6px;font-size:17px;padding:12px 28px;cursor:pointer}
.ok{color:${color};font-size:20px}.err{color:#c00}</style></head><body><h1>${esc(title)}</h1>${body}</body></html>`;
}

/**
 * A local WeChat Pay platform for demo mode and tests: the edge of the system,
 * speaking API v3 as the real platform does. It verifies each request's
 * merchant signature (401 SIGN_ERROR otherwise), keeps trades in memory,
 * signs every answer with its own platform key, offers a small checkout page
 * in place of scanning with WeChat, and on 确认支付 sends an encrypted,
 * signed TRANSACTION.SUCCESS notification to the trade's notify_url,
 * retrying with back-off until it is answered with 2xx.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { esc, fakePayPage } from './fake-page.ts';
import {
  encryptResource,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  wechatNonce,
  withinWindow,
} from './wechatpay-crypto.ts';
import { chinaTime, type WechatPayConfig } from './wechatpay-v3.ts';

export interface FakeMerchant {
  mchid: string;
  appid: string;
  serialNo: string;
  publicKey: KeyObject;
  apiV3Key: string;
}

interface Trade {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  notify_url: string;
  time_expire?: string;
  total: number;
  trade_type: 'NATIVE' | 'MWEB';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
}

export interface FakeWechatPay {
  /** The Hono app; mount it (demo: under /api/dev/wxpay) or serve it on a port (tests). */
  app: Hono;
  platformPublicKey: KeyObject;
  platformPublicKeyId: string;
  /** Confirms a trade as if the payer paid, and sends the notification (tests and the page). */
  pay(outTradeNo: string): Promise<boolean>;
  /** Notifications sent, for tests: url, status answered. */
  sent: { url: string; status: number; outTradeNo: string }[];
  /** Waits until the notification queue is empty (tests). */
  idle(): Promise<void>;
}

export interface FakeWechatPayOptions {
  merchants: FakeMerchant[];
  /** The app's path prefix as the browser sees it, e.g. http://127.0.0.1:4321/api/dev/wxpay. */
  publicBase: () => string;
  /** Delays between notification attempts (ms); the real platform uses 15 s, 15 s, 30 s, 3 min … */
  retryDelaysMs?: number[];
  now?: () => number;
  /** The platform's key pair (default: a new one; RSA generation costs tens of ms). */
  platformKeys?: { publicKey: KeyObject; privateKey: KeyObject };
}

/** The pages' own policy: their inline style, a form posting to this platform, nothing else. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};
const FAIL = (code: string, message: string) => ({ code, message });

export function createFakeWechatPay(opts: FakeWechatPayOptions): FakeWechatPay {
  const { publicKey, privateKey } =
    opts.platformKeys ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`;
  const now = opts.now ?? Date.now;
  const trades = new Map<string, Trade>();
  const sent: FakeWechatPay['sent'] = [];
  const pending = new Set<Promise<void>>();
  const delays = opts.retryDelaysMs ?? [0, 1000, 3000, 10_000, 30_000];
  const app = new Hono();

  /** A JSON answer signed by the platform. */
  function signed(c: Context, status: number, payload: unknown): Response {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = wechatNonce();
    return c.body(body, status as 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': keyId,
      'Wechatpay-Signature': rsaSign(responseMessage(timestamp, nonce, body), privateKey),
    });
  }

  /** The merchant a request is signed by, or null (the caller answers 401). */
  async function merchantOf(c: Context): Promise<{ merchant: FakeMerchant; body: string } | null> {
    const auth = parseAuthorization(c.req.header('Authorization'));
    const merchant = auth && opts.merchants.find((m) => m.mchid === auth.mchid);
    const body = await c.req.text();
    if (!auth || !merchant || auth.serial_no !== merchant.serialNo) return null;
    if (!withinWindow(auth.timestamp, now())) return null;
    const url = new URL(c.req.url);
    // The signed path is the platform's own (/v3/…), whatever prefix this app is mounted under.
    const path = url.pathname.slice(url.pathname.indexOf('/v3/')) + url.search;
    const message = requestMessage(c.req.method, path, auth.timestamp, auth.nonce_str, body);
    return rsaVerify(message, auth.signature, merchant.publicKey) ? { merchant, body } : null;
  }

  const unsigned = (c: Context) => c.json(FAIL('SIGN_ERROR', '签名错误'), 401);

  function transaction(t: Trade) {
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id,
      trade_type: t.trade_type,
      trade_state: t.trade_state,
      trade_state_desc: {
        NOTPAY: '未支付',
        SUCCESS: '支付成功',
        CLOSED: '已关闭',
        REFUND: '转入退款',
      }[t.trade_state],
      bank_type: t.trade_state === 'SUCCESS' ? 'OTHERS' : undefined,
      success_time: t.success_time,
      payer: { openid: 'oDemoPayer0000000000000000000' },
      amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  async function create(c: Context, type: Trade['trade_type']) {
    const signedBy = await merchantOf(c);
    if (!signedBy) return unsigned(c);
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(signedBy.body) as Record<string, unknown>;
    } catch {
      return c.json(FAIL('PARAM_ERROR', '请求体不是 JSON'), 400);
    }
    const amount = p.amount as { total?: unknown } | undefined;
    const total = amount?.total;
    const out = typeof p.out_trade_no === 'string' ? p.out_trade_no : '';
    if (
      p.mchid !== signedBy.merchant.mchid ||
      p.appid !== signedBy.merchant.appid ||
      !/^[0-9A-Za-z_*|-]{6,32}$/.test(out) ||
      typeof total !== 'number' ||
      !Number.isInteger(total) ||
      total <= 0 ||
      typeof p.notify_url !== 'string' ||
      !/^https?:\/\//.test(p.notify_url) ||
      typeof p.description !== 'string'
    )
      return c.json(FAIL('PARAM_ERROR', '参数错误'), 400);
    const existing = trades.get(out);
    if (existing?.trade_state === 'SUCCESS') return c.json(FAIL('ORDERPAID', '该订单已支付'), 400);
    if (existing && existing.total !== total)
      return c.json(FAIL('INVALID_REQUEST', '201 商户订单号重复'), 400);
    const trade: Trade = existing ?? {
      appid: p.appid,
      mchid: p.mchid,
      description: p.description,
      out_trade_no: out,
      notify_url: p.notify_url,
      time_expire: typeof p.time_expire === 'string' ? p.time_expire : undefined,
      total,
      trade_type: type,
      trade_state: 'NOTPAY',
    };
    trades.set(out, trade);
    const page = `${opts.publicBase()}/pay/${encodeURIComponent(out)}`;
    return type === 'NATIVE'
      ? signed(c, 200, { code_url: page })
      : signed(c, 200, { h5_url: `${page}?prepay_id=wx${randomBytes(12).toString('hex')}` });
  }

  app.post('/v3/pay/transactions/native', (c) => create(c, 'NATIVE'));
  app.post('/v3/pay/transactions/h5', (c) => create(c, 'MWEB'));

  app.get('/v3/pay/transactions/out-trade-no/:no', async (c) => {
    const signedBy = await merchantOf(c);
    if (!signedBy) return unsigned(c);
    const t = trades.get(c.req.param('no'));
    if (!t || t.mchid !== signedBy.merchant.mchid || c.req.query('mchid') !== t.mchid)
      return c.json(FAIL('ORDER_NOT_EXIST', '订单不存在'), 404);
    return signed(c, 200, transaction(t));
  });

  app.post('/v3/pay/transactions/out-trade-no/:no/close', async (c) => {
    const signedBy = await merchantOf(c);
    if (!signedBy) return unsigned(c);
    const t = trades.get(c.req.param('no'));
    if (!t || t.mchid !== signedBy.merchant.mchid)
      return c.json(FAIL('ORDER_NOT_EXIST', '订单不存在'), 404);
    if (t.trade_state === 'SUCCESS') return c.json(FAIL('ORDERPAID', '该订单已支付'), 400);
    t.trade_state = 'CLOSED';
    return c.body(null, 204);
  });

  app.post('/v3/refund/domestic/refunds', async (c) => {
    const signedBy = await merchantOf(c);
    if (!signedBy) return unsigned(c);
    const p = JSON.parse(signedBy.body) as {
      out_trade_no?: string;
      out_refund_no?: string;
      amount?: { refund?: number; total?: number };
    };
    const t = p.out_trade_no ? trades.get(p.out_trade_no) : undefined;
    if (!t || t.mchid !== signedBy.merchant.mchid)
      return c.json(FAIL('RESOURCE_NOT_EXISTS', '订单不存在'), 404);
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND')
      return c.json(FAIL('INVALID_REQUEST', '订单未支付，不能退款'), 400);
    if (p.amount?.total !== t.total || !p.amount.refund || p.amount.refund > t.total)
      return c.json(FAIL('PARAM_ERROR', '退款金额不正确'), 400);
    t.trade_state = 'REFUND';
    return signed(c, 200, {
      refund_id: `50${randomBytes(14).toString('hex')}`,
      out_refund_no: p.out_refund_no,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id,
      channel: 'ORIGINAL',
      status: 'SUCCESS',
      create_time: chinaTime(new Date(now())),
      amount: { refund: p.amount.refund, total: t.total, currency: 'CNY' },
    });
  });

  /** Sends the trade's notification until answered with 2xx (or the delays run out). */
  function notify(t: Trade): void {
    const merchant = opts.merchants.find((m) => m.mchid === t.mchid)!;
    const run = (async () => {
      for (const delay of delays) {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        const body = JSON.stringify({
          id: `EV-${randomBytes(10).toString('hex')}`,
          create_time: chinaTime(new Date(now())),
          resource_type: 'encrypt-resource',
          event_type: 'TRANSACTION.SUCCESS',
          summary: '支付成功',
          resource: encryptResource(
            JSON.stringify(transaction(t)),
            merchant.apiV3Key,
            'transaction',
            'transaction',
          ),
        });
        const timestamp = String(Math.floor(now() / 1000));
        const nonce = wechatNonce();
        let status: number;
        try {
          const res = await fetch(t.notify_url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'Wechatpay-Timestamp': timestamp,
              'Wechatpay-Nonce': nonce,
              'Wechatpay-Serial': keyId,
              'Wechatpay-Signature': rsaSign(responseMessage(timestamp, nonce, body), privateKey),
              'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
            },
            body,
            signal: AbortSignal.timeout(5000),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = 0;
        }
        sent.push({ url: t.notify_url, status, outTradeNo: t.out_trade_no });
        if (status >= 200 && status < 300) return;
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function pay(outTradeNo: string): Promise<boolean> {
    const t = trades.get(outTradeNo);
    if (!t || t.trade_state !== 'NOTPAY') return false;
    t.trade_state = 'SUCCESS';
    t.transaction_id = `42${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 28);
    t.success_time = chinaTime(new Date(now()));
    notify(t);
    return true;
  }

  // The page a payer sees in place of WeChat's: the amount and a button.
  app.get('/pay/:no', (c) => {
    const t = trades.get(c.req.param('no'));
    if (!t) return c.html(page('订单不存在', '<p>该订单不存在或已过期。</p>'), 404, PAGE_HEADERS);
    const back = c.req.query('redirect_url') ?? '';
    const amount = (t.total / 100).toFixed(2);
    const done = t.trade_state === 'SUCCESS';
    return c.html(
      page(
        '微信支付（本地演示平台）',
        `<p class="shop">芯学堂</p><p class="desc">${esc(t.description)}</p>
<p class="amount">￥${amount}</p>
${
  done
    ? '<p class="ok">已支付</p>'
    : t.trade_state === 'NOTPAY'
      ? `<form method="post" action="${esc(t.out_trade_no)}/confirm"><input type="hidden" name="redirect_url" value="${esc(back)}"><button type="submit">确认支付 ￥${amount}</button></form>`
      : '<p class="err">订单已关闭</p>'
}
<p class="note">本页是本地演示支付平台，不会产生真实扣款。</p>`,
      ),
      200,
      PAGE_HEADERS,
    );
  });

  app.post('/pay/:no/confirm', async (c) => {
    const no = c.req.param('no');
    const form = await c.req.parseBody();
    const back = typeof form.redirect_url === 'string' ? form.redirect_url : '';
    const ok = await pay(no);
    const t = trades.get(no);
    const link = /^https?:\/\//.test(back) ? `<p><a href="${esc(back)}">返回商户页面</a></p>` : '';
    return c.html(
      page(
        ok ? '支付成功' : '无法支付',
        ok
          ? `<p class="ok">支付成功 ￥${((t?.total ?? 0) / 100).toFixed(2)}</p><p>请返回芯学堂页面查看订单。</p>${link}`
          : `<p class="err">该订单已支付或已关闭。</p>${link}`,
      ),
      ok ? 200 : 409,
      PAGE_HEADERS,
    );
  });

  return {
    app,
    platformPublicKey: publicKey,
    platformPublicKeyId: keyId,
    pay,
    sent,
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

function page(title: string, body: string): string {
  return fakePayPage(title, body, '#07c160');
}

/** A demo merchant with fresh keys, and the client config that talks to a fake platform. */
export function demoWechatMerchant(): { merchant: FakeMerchant; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    merchant: {
      // The example merchant and app ids of WeChat Pay's documentation.
      mchid: '1900000109',
      appid: 'wxd678efh567hg6787',
      serialNo: randomBytes(20).toString('hex').toUpperCase(),
      publicKey,
      apiV3Key: randomBytes(16).toString('hex'),
    },
    privateKey,
  };
}

/** The client configuration for a merchant of a fake platform served at `baseUrl`. */
export function fakeClientConfig(
  fake: FakeWechatPay,
  demo: { merchant: FakeMerchant; privateKey: KeyObject },
  baseUrl: string,
): WechatPayConfig {
  return {
    baseUrl,
    mchid: demo.merchant.mchid,
    appid: demo.merchant.appid,
    merchantSerialNo: demo.merchant.serialNo,
    merchantPrivateKey: demo.privateKey,
    platformPublicKey: fake.platformPublicKey,
    platformPublicKeyId: fake.platformPublicKeyId,
    apiV3Key: demo.merchant.apiV3Key,
    development: true,
  };
}

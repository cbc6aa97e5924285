/**
 * WeChat Pay API v3 (直连商户), written to the documented protocol with
 * node:crypto: Native (a code_url shown as a QR on desktop) and H5 (a page
 * the phone's browser opens), order query and close, refunds; every answer
 * and notification is verified with the platform public key (public-key
 * mode: the serial is the key's PUB_KEY_ID_…), its timestamp must be within
 * five minutes, and a notification's resource is decrypted with the APIv3
 * key. The demo runs this same client against the local platform in
 * fake-wechatpay.ts.
 */
import type { KeyObject } from 'node:crypto';
import { privateKeyOf, publicKeyOf } from './keys.ts';
import {
  authorizationHeader,
  decryptResource,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  wechatNonce,
  withinWindow,
} from './wechatpay-crypto.ts';
import {
  PaymentVerificationError,
  type CreatePaymentInput,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  type PaymentStart,
  type PlatformTrade,
  type RefundInput,
  type RefundResult,
} from './types.ts';

export interface WechatPayConfig {
  /** https://api.mch.weixin.qq.com, or the demo platform's base. */
  baseUrl: string;
  mchid: string;
  appid: string;
  /** The serial number of the merchant API certificate the private key belongs to. */
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject | string;
  /** The WeChat Pay platform public key and its id (PUB_KEY_ID_…). */
  platformPublicKey: KeyObject | string;
  platformPublicKeyId: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
  /** True for the local demo platform. */
  development?: boolean;
  /** The clock, for the timestamp window (tests). */
  now?: () => number;
}

/** The transaction object of an order query or a decrypted notification. */
interface WxTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

const STATES: Record<string, PlatformTrade['state']> = {
  SUCCESS: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  ACCEPT: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  REFUND: 'refunded',
};

/** RFC 3339 in China time, as WeChat Pay writes times: 2026-11-24T18:30:00+08:00 */
export function chinaTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.toISOString().slice(0, 19)}+08:00`;
}

export function wechatPayV3(config: WechatPayConfig): PaymentProvider {
  const privateKey = privateKeyOf(config.merchantPrivateKey);
  const platformKey = publicKeyOf(config.platformPublicKey);
  const now = config.now ?? Date.now;
  const base = config.baseUrl.replace(/\/$/, '');

  /** Verifies the platform's signature headers over a body; throws PaymentVerificationError. */
  function verifySigned(headers: Record<string, string | undefined>, body: string): void {
    const h = (n: string) => headers[n] ?? headers[n.toLowerCase()];
    const timestamp = h('Wechatpay-Timestamp');
    const nonce = h('Wechatpay-Nonce');
    const signature = h('Wechatpay-Signature');
    const serial = h('Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial)
      throw new PaymentVerificationError('微信支付签名头缺失');
    if (serial !== config.platformPublicKeyId)
      throw new PaymentVerificationError(`未知的微信支付公钥 ${serial}`);
    if (!withinWindow(timestamp, now()))
      throw new PaymentVerificationError('微信支付签名时间超出 5 分钟');
    if (!rsaVerify(responseMessage(timestamp, nonce, body), signature, platformKey))
      throw new PaymentVerificationError('微信支付签名验证失败');
  }

  /** A signed call; answers the verified JSON (null for 204), throws on errors. */
  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = wechatNonce();
    const signature = rsaSign(
      requestMessage(method, pathAndQuery, timestamp, nonce, body),
      privateKey,
    );
    const res = await fetch(base + pathAndQuery, {
      method,
      headers: {
        Authorization: authorizationHeader({
          mchid: config.mchid,
          nonce_str: nonce,
          timestamp,
          serial_no: config.merchantSerialNo,
          signature,
        }),
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        'User-Agent': 'xinxuetang-wechatpay-v3',
      },
      body: body || undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status === 204) return { status: 204, json: null };
    const headers = Object.fromEntries(res.headers);
    if (res.ok) verifySigned(headers, text);
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    if (!res.ok) {
      const code = typeof json?.code === 'string' ? json.code : `HTTP_${res.status}`;
      const message = typeof json?.message === 'string' ? json.message : text.slice(0, 200);
      throw Object.assign(new Error(`微信支付 ${code}: ${message}`), {
        status: res.status,
        code,
      });
    }
    return { status: res.status, json };
  }

  /** A verified transaction as a PlatformTrade; the merchant id must be ours. */
  function toTrade(tx: WxTransaction, raw: unknown): PlatformTrade {
    // Signed is not enough: the documented fields must say it is ours and in yuan.
    if (tx.mchid !== config.mchid || tx.appid !== config.appid)
      throw new PaymentVerificationError('微信支付商户号或应用号不符');
    if (tx.amount?.currency !== 'CNY')
      throw new PaymentVerificationError('微信支付交易币种不是人民币');
    const state = STATES[tx.trade_state ?? ''];
    if (!state || !tx.out_trade_no || typeof tx.amount?.total !== 'number')
      throw new PaymentVerificationError('微信支付交易数据不完整');
    return {
      method: 'wechat',
      outTradeNo: tx.out_trade_no,
      transactionId: tx.transaction_id ?? '',
      merchantId: tx.mchid,
      amountFen: tx.amount.total,
      state,
      paidAt: tx.success_time ? new Date(tx.success_time) : undefined,
      raw,
    };
  }

  const order = (input: CreatePaymentInput) => ({
    appid: config.appid,
    mchid: config.mchid,
    description: truncateBytes(input.description, 127),
    out_trade_no: input.outTradeNo,
    time_expire: chinaTime(input.expiresAt),
    notify_url: input.notifyUrl,
    amount: { total: input.amountFen, currency: 'CNY' },
  });

  return {
    method: 'wechat',
    name: config.development ? 'wechatpay-v3 (本地演示支付平台)' : 'wechatpay-v3',
    development: config.development ?? false,
    merchantId: config.mchid,
    channels: ['native', 'h5'],

    async createPayment(input): Promise<PaymentStart> {
      if (input.channel === 'h5') {
        const { json } = await call('POST', '/v3/pay/transactions/h5', {
          ...order(input),
          scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
        });
        const h5 = String(json?.h5_url ?? '');
        if (!h5) throw new Error('微信支付未返回 h5_url');
        // The documented way back to our page after paying in WeChat.
        const sep = h5.includes('?') ? '&' : '?';
        return {
          kind: 'redirect',
          url: `${h5}${sep}redirect_url=${encodeURIComponent(input.returnUrl)}`,
        };
      }
      const { json } = await call('POST', '/v3/pay/transactions/native', order(input));
      const codeUrl = String(json?.code_url ?? '');
      if (!codeUrl) throw new Error('微信支付未返回 code_url');
      return { kind: 'qr', codeUrl };
    },

    async verifyNotification(req: IncomingNotification): Promise<PlatformTrade> {
      verifySigned(req.headers, req.body);
      let envelope: {
        event_type?: string;
        resource?: { ciphertext?: string; associated_data?: string; nonce?: string };
      };
      try {
        envelope = JSON.parse(req.body) as typeof envelope;
      } catch {
        throw new PaymentVerificationError('微信支付通知不是 JSON');
      }
      const r = envelope.resource;
      if (!r?.ciphertext || !r.nonce)
        throw new PaymentVerificationError('微信支付通知缺少 resource');
      let plain: string;
      try {
        plain = decryptResource(
          { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data ?? '' },
          config.apiV3Key,
        );
      } catch {
        throw new PaymentVerificationError('微信支付通知解密失败');
      }
      const tx = JSON.parse(plain) as WxTransaction;
      return toTrade(tx, { event_type: envelope.event_type, transaction: tx });
    },

    ack(accepted: boolean): NotificationAck {
      return accepted
        ? { status: 204, contentType: 'application/json', body: '' }
        : {
            // The documented failure answer is any 4xx/5xx with code FAIL; 400 says "your input".
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },

    async query(outTradeNo: string): Promise<PlatformTrade | null> {
      try {
        const { json } = await call(
          'GET',
          `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(config.mchid)}`,
        );
        return toTrade((json ?? {}) as WxTransaction, json);
      } catch (err) {
        if ((err as { code?: string }).code === 'ORDER_NOT_EXIST') return null;
        throw err;
      }
    },

    async close(outTradeNo: string): Promise<void> {
      await call(
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
        {
          mchid: config.mchid,
        },
      );
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { json } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: input.reason,
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      const status = String(json?.status ?? '');
      return {
        outRefundNo: input.outRefundNo,
        refundId: String(json?.refund_id ?? ''),
        state: status === 'SUCCESS' ? 'success' : status === 'PROCESSING' ? 'processing' : 'failed',
        raw: json,
      };
    },
  };
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
export function truncateBytes(s: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > max) break;
    out += ch;
    bytes += n;
  }
  return out;
}

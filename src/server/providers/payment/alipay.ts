/**
 * Alipay open platform (电脑网站支付 / 手机网站支付), written to the documented
 * protocol with node:crypto: every request's parameters are signed RSA2
 * (SHA256withRSA over the `k=v` pairs sorted by key, `sign` and empty values
 * left out); page and wap pay send the browser to the gateway with the
 * signed query; the asynchronous notification (a form) is verified with the
 * Alipay public key over its parameters without `sign` and `sign_type`;
 * alipay.trade.query / close / refund answers are verified over the exact
 * text of their `…_response` member. Amounts are yuan strings with two
 * decimals, converted to fen with integer arithmetic.
 */
import type { KeyObject } from 'node:crypto';
import { privateKeyOf, publicKeyOf } from './keys.ts';
import { rsaSign, rsaVerify } from './wechatpay-crypto.ts';
import {
  PaymentVerificationError,
  type NotificationAck,
  type PaymentProvider,
  type PlatformTrade,
} from './types.ts';

export interface AlipayConfig {
  /** https://openapi.alipay.com/gateway.do, or the demo platform's gateway. */
  gateway: string;
  appId: string;
  /** The merchant's Alipay account (PID, 2088…): a notification must be for this seller. */
  sellerId: string;
  appPrivateKey: KeyObject | string;
  alipayPublicKey: KeyObject | string;
  development?: boolean;
  now?: () => number;
}

/** How far a notification's notify_time may lie from our clock (each retry is sent afresh). */
export const NOTIFY_MAX_AGE_MS = 15 * 60_000;

/** alipayTimeOf('2026-11-25 10:00:00') → ms (Beijing time); null when not that shape. */
export function alipayTimeOf(text: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(t) ? null : t;
}

/** fenToYuan(1250) → '12.50' */
export function fenToYuan(fen: number): string {
  if (!Number.isInteger(fen) || fen < 0) throw new Error(`bad amount ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** yuanToFen('12.5') → 1250; null for anything not a plain decimal with at most two places. */
export function yuanToFen(yuan: string | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The string an Alipay signature covers: sorted `k=v` pairs, sign (and sign_type when asked) left out. */
export function alipaySignContent(
  params: Record<string, string | undefined>,
  omitSignType = false,
): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(omitSignType && k === 'sign_type'))
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** "yyyy-MM-dd HH:mm:ss" in China time, Alipay's timestamp form. */
export function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The raw JSON text of `"<name>":{…}` in an answer, as signed (balanced
 * braces, strings skipped); null when absent.
 */
export function signedMember(text: string, name: string): string | null {
  const at = text.indexOf(`"${name}"`);
  if (at === -1) return null;
  const start = text.indexOf('{', at + name.length + 2);
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

const STATES: Record<string, PlatformTrade['state']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'closed',
};

export function alipay(config: AlipayConfig): PaymentProvider {
  const privateKey = privateKeyOf(config.appPrivateKey);
  const publicKey = publicKeyOf(config.alipayPublicKey);
  const now = config.now ?? Date.now;

  /** The common parameters of a call, signed. */
  function signed(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(new Date(now())),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsaSign(alipaySignContent(params), privateKey);
    return params;
  }

  /** A server call (query, close, refund): answers the verified `…_response` object. */
  async function call(method: string, biz: Record<string, unknown>) {
    const res = await fetch(config.gateway, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(signed(method, biz)),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const member = `${method.replaceAll('.', '_')}_response`;
    const content = signedMember(text, member);
    const body = JSON.parse(text) as Record<string, unknown>;
    if (!content) throw new Error(`支付宝返回格式错误: ${text.slice(0, 200)}`);
    const answer = JSON.parse(content) as Record<string, string>;
    // Error answers may come unsigned; success answers must verify.
    if (answer.code === '10000') {
      if (typeof body.sign !== 'string' || !rsaVerify(content, body.sign, publicKey))
        throw new PaymentVerificationError('支付宝应答签名验证失败');
    }
    return answer;
  }

  function trade(p: Record<string, string | undefined>, raw: unknown): PlatformTrade {
    if (p.app_id !== undefined && p.app_id !== config.appId)
      throw new PaymentVerificationError('支付宝应用号不符');
    const amount = yuanToFen(p.total_amount);
    const state = STATES[p.trade_status ?? ''];
    if (amount === null || !state || !p.out_trade_no)
      throw new PaymentVerificationError('支付宝交易数据不完整');
    return {
      method: 'alipay',
      outTradeNo: p.out_trade_no,
      transactionId: p.trade_no ?? '',
      merchantId: p.app_id ?? config.appId,
      amountFen: amount,
      state,
      paidAt: p.gmt_payment ? new Date(`${p.gmt_payment.replace(' ', 'T')}+08:00`) : undefined,
      raw,
    };
  }

  return {
    method: 'alipay',
    name: config.development ? 'alipay (本地演示支付平台)' : 'alipay',
    development: config.development ?? false,
    merchantId: config.appId,
    channels: ['page', 'wap'],

    async createPayment(input) {
      const wap = input.channel === 'wap';
      const params = signed(
        wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
        {
          out_trade_no: input.outTradeNo,
          total_amount: fenToYuan(input.amountFen),
          subject: input.description.slice(0, 128),
          product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          time_expire: alipayTime(input.expiresAt),
          ...(wap ? { quit_url: input.returnUrl } : {}),
        },
        { notify_url: input.notifyUrl, return_url: input.returnUrl },
      );
      return { kind: 'redirect', url: `${config.gateway}?${new URLSearchParams(params)}` };
    },

    async verifyNotification(req) {
      const params = Object.fromEntries(new URLSearchParams(req.body)) as Record<string, string>;
      if (!params.sign || params.sign_type !== 'RSA2')
        throw new PaymentVerificationError('支付宝通知缺少签名');
      if (!rsaVerify(alipaySignContent(params, true), params.sign, publicKey))
        throw new PaymentVerificationError('支付宝通知签名验证失败');
      // Signed is not enough: the documented fields must say it is ours, in yuan, and fresh.
      if (params.app_id !== config.appId) throw new PaymentVerificationError('支付宝应用号不符');
      if (params.seller_id !== config.sellerId)
        throw new PaymentVerificationError('支付宝收款账号不符');
      if (params.trans_currency !== undefined && params.trans_currency !== 'CNY')
        throw new PaymentVerificationError('支付宝交易币种不是人民币');
      const sent = alipayTimeOf(params.notify_time);
      if (sent === null || Math.abs(now() - sent) > NOTIFY_MAX_AGE_MS)
        throw new PaymentVerificationError('支付宝通知时间已过期');
      return trade(params, params);
    },

    ack(accepted: boolean): NotificationAck {
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: accepted ? 'success' : 'failure',
      };
    },

    async query(outTradeNo) {
      const a = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (a.code !== '10000') {
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
        throw new Error(`支付宝 ${a.sub_code ?? a.code}: ${a.sub_msg ?? a.msg}`);
      }
      return trade({ ...a, app_id: config.appId }, a);
    },

    async close(outTradeNo) {
      const a = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_NOT_EXIST')
        throw new Error(`支付宝 ${a.sub_code ?? a.code}: ${a.sub_msg ?? a.msg}`);
    },

    async refund(input) {
      const a = await call('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.refundFen),
        out_request_no: input.outRefundNo,
        refund_reason: input.reason,
      });
      return {
        outRefundNo: input.outRefundNo,
        refundId: a.trade_no ?? '',
        state: a.code === '10000' ? 'success' : 'failed',
        raw: a,
      };
    },
  };
}

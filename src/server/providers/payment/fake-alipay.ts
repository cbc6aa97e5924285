/**
 * A local Alipay gateway for demo mode and tests (the edge of the system):
 * it verifies each request's RSA2 signature with the app's public key,
 * shows a checkout page for page/wap pay, and on 确认支付 sends the signed
 * asynchronous notification (a form) to notify_url, retrying until it is
 * answered `success`, then returns the browser to return_url. Query, close
 * and refund answer signed `…_response` objects as the real gateway does.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { esc, fakePayPage } from './fake-page.ts';
import {
  alipaySignContent,
  alipayTime,
  fenToYuan,
  yuanToFen,
  type AlipayConfig,
} from './alipay.ts';
import { rsaSign, rsaVerify } from './wechatpay-crypto.ts';

interface Trade {
  appId: string;
  outTradeNo: string;
  subject: string;
  totalFen: number;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo?: string;
  gmtPayment?: string;
}

export interface FakeAlipayApp {
  appId: string;
  publicKey: KeyObject;
}

export interface FakeAlipay {
  app: Hono;
  alipayPublicKey: KeyObject;
  pay(outTradeNo: string): Promise<boolean>;
  sent: { outTradeNo: string; answer: string }[];
  idle(): Promise<void>;
}

const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
};

function page(title: string, body: string): string {
  return fakePayPage(title, body, '#1677ff');
}

export function createFakeAlipay(opts: {
  apps: FakeAlipayApp[];
  retryDelaysMs?: number[];
  platformKeys?: { publicKey: KeyObject; privateKey: KeyObject };
  now?: () => number;
}): FakeAlipay {
  const { publicKey, privateKey } =
    opts.platformKeys ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = opts.now ?? Date.now;
  const trades = new Map<string, Trade>();
  const sent: FakeAlipay['sent'] = [];
  const pending = new Set<Promise<void>>();
  const delays = opts.retryDelaysMs ?? [0, 1000, 4000, 10_000];
  const app = new Hono();

  /** The parameters of a request, if signed by a known app. */
  function verified(params: Record<string, string>): FakeAlipayApp | null {
    const known = opts.apps.find((a) => a.appId === params.app_id);
    if (!known || params.sign_type !== 'RSA2' || !params.sign) return null;
    return rsaVerify(alipaySignContent(params), params.sign, known.publicKey) ? known : null;
  }

  /** A signed `{"<method>_response":{…},"sign":"…"}` answer, the sign over the member's exact text. */
  function answer(c: Context, method: string, payload: Record<string, unknown>): Response {
    const content = JSON.stringify(payload);
    const sign = rsaSign(content, privateKey);
    const body = `{"${method.replaceAll('.', '_')}_response":${content},"sign":"${sign}"}`;
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  }

  const fail = (sub: string, msg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: sub,
    sub_msg: msg,
  });

  function notify(t: Trade): void {
    const run = (async () => {
      for (const delay of delays) {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        const params: Record<string, string> = {
          notify_time: alipayTime(new Date(now())),
          notify_type: 'trade_status_sync',
          notify_id: randomBytes(16).toString('hex'),
          app_id: t.appId,
          charset: 'utf-8',
          version: '1.0',
          sign_type: 'RSA2',
          trade_no: t.tradeNo!,
          out_trade_no: t.outTradeNo,
          total_amount: fenToYuan(t.totalFen),
          receipt_amount: fenToYuan(t.totalFen),
          buyer_pay_amount: fenToYuan(t.totalFen),
          trade_status: t.status,
          subject: t.subject,
          gmt_create: t.gmtPayment!,
          gmt_payment: t.gmtPayment!,
          seller_id: FAKE_ALIPAY_SELLER_ID,
          buyer_id: '2088102177846880',
        };
        params.sign = rsaSign(alipaySignContent(params, true), privateKey);
        let text: string;
        try {
          const res = await fetch(t.notifyUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
            body: new URLSearchParams(params),
            signal: AbortSignal.timeout(5000),
          });
          text = (await res.text()).trim();
        } catch {
          text = '';
        }
        sent.push({ outTradeNo: t.outTradeNo, answer: text });
        if (text === 'success') return;
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function pay(outTradeNo: string): Promise<boolean> {
    const t = trades.get(outTradeNo);
    if (!t || t.status !== 'WAIT_BUYER_PAY') return false;
    t.status = 'TRADE_SUCCESS';
    t.tradeNo = `${alipayTime(new Date(now())).replace(/\D/g, '').slice(0, 8)}22001${randomBytes(7).toString('hex').replace(/\D/g, '').padEnd(15, '7').slice(0, 15)}`;
    t.gmtPayment = alipayTime(new Date(now()));
    notify(t);
    return true;
  }

  async function gateway(c: Context) {
    const query = Object.fromEntries(new URL(c.req.url).searchParams) as Record<string, string>;
    const form =
      c.req.method === 'POST' ? ((await c.req.parseBody()) as Record<string, string>) : {};
    const params = { ...query, ...form };
    const method = params.method ?? '';
    const known = verified(params);
    if (!known) {
      if (method.endsWith('.pay'))
        return c.html(
          page('支付宝', '<p class="err">验签出错（invalid-signature）</p>'),
          400,
          PAGE_HEADERS,
        );
      return answer(c, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return answer(c, method, fail('ACQ.INVALID_PARAMETER', '参数无效'));
    }
    const t = biz.out_trade_no ? trades.get(biz.out_trade_no) : undefined;
    if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
      const total = yuanToFen(biz.total_amount);
      if (!biz.out_trade_no || total === null || total <= 0 || !params.notify_url)
        return c.html(page('支付宝', '<p class="err">参数错误</p>'), 400, PAGE_HEADERS);
      const trade: Trade = t ?? {
        appId: known.appId,
        outTradeNo: biz.out_trade_no,
        subject: biz.subject ?? '',
        totalFen: total,
        notifyUrl: params.notify_url,
        returnUrl: params.return_url ?? '',
        status: 'WAIT_BUYER_PAY',
      };
      trades.set(trade.outTradeNo, trade);
      if (trade.status !== 'WAIT_BUYER_PAY')
        return c.html(page('支付宝', '<p class="err">该订单已支付或已关闭</p>'), 409, PAGE_HEADERS);
      const amount = fenToYuan(trade.totalFen);
      return c.html(
        page(
          '支付宝（本地演示平台）',
          `<p class="desc">${esc(trade.subject)}</p><p class="amount">￥${amount}</p>
<form method="post" action="confirm"><input type="hidden" name="out_trade_no" value="${esc(trade.outTradeNo)}"><button type="submit">确认支付 ￥${amount}</button></form>
<p class="note">本页是本地演示支付平台，不会产生真实扣款。</p>`,
        ),
        200,
        PAGE_HEADERS,
      );
    }
    if (method === 'alipay.trade.query') {
      if (!t) return answer(c, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      return answer(c, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: t.outTradeNo,
        trade_no: t.tradeNo,
        trade_status: t.status,
        total_amount: fenToYuan(t.totalFen),
        send_pay_date: t.gmtPayment,
      });
    }
    if (method === 'alipay.trade.close') {
      if (!t) return answer(c, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      if (t.status === 'TRADE_SUCCESS')
        return answer(c, method, fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      t.status = 'TRADE_CLOSED';
      return answer(c, method, { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo });
    }
    if (method === 'alipay.trade.refund') {
      if (!t) return answer(c, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      const refund = yuanToFen(biz.refund_amount);
      if (t.status !== 'TRADE_SUCCESS' || refund === null || refund > t.totalFen)
        return answer(c, method, fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
      t.status = 'TRADE_CLOSED';
      return answer(c, method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        fund_change: 'Y',
        refund_fee: fenToYuan(refund),
      });
    }
    return answer(c, method, {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'isv.invalid-method',
    });
  }

  app.get('/gateway.do', gateway);
  app.post('/gateway.do', gateway);
  app.post('/confirm', async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const no = form.out_trade_no ?? '';
    const ok = await pay(no);
    const t = trades.get(no);
    if (!ok || !t)
      return c.html(
        page('无法支付', '<p class="err">该订单已支付或已关闭。</p>'),
        409,
        PAGE_HEADERS,
      );
    // The synchronous return: signed parameters on the return URL (they unlock nothing by themselves).
    const back: Record<string, string> = {
      app_id: t.appId,
      method: 'alipay.trade.page.pay.return',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(new Date(now())),
      version: '1.0',
      out_trade_no: t.outTradeNo,
      trade_no: t.tradeNo!,
      total_amount: fenToYuan(t.totalFen),
      seller_id: FAKE_ALIPAY_SELLER_ID,
    };
    back.sign = rsaSign(alipaySignContent(back, true), privateKey);
    const link = /^https?:\/\//.test(t.returnUrl)
      ? `<p><a href="${esc(`${t.returnUrl}${t.returnUrl.includes('?') ? '&' : '?'}${new URLSearchParams(back)}`)}">返回商户页面</a></p>`
      : '';
    return c.html(
      page(
        '支付成功',
        `<p class="ok">支付成功 ￥${fenToYuan(t.totalFen)}</p><p>请返回芯学堂页面查看订单。</p>${link}`,
      ),
      200,
      PAGE_HEADERS,
    );
  });

  return {
    app,
    alipayPublicKey: publicKey,
    pay,
    sent,
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** A demo app with fresh keys. */
/** The merchant account (PID) the demo platform pays into. */
export const FAKE_ALIPAY_SELLER_ID = '2088000000000001';

export function demoAlipayApp(): { app: FakeAlipayApp; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { app: { appId: '2021000000000001', publicKey }, privateKey };
}

/** The client configuration for an app of a fake gateway at `gateway`. */
export function fakeAlipayConfig(
  fake: FakeAlipay,
  demo: { app: FakeAlipayApp; privateKey: KeyObject },
  gateway: string,
): AlipayConfig {
  return {
    gateway,
    appId: demo.app.appId,
    sellerId: FAKE_ALIPAY_SELLER_ID,
    appPrivateKey: demo.privateKey,
    alipayPublicKey: fake.alipayPublicKey,
    development: true,
  };
}

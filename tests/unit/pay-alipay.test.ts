/**
 * Alipay as written to the documented protocol (RSA2 over sorted parameters,
 * the notification form, `…_response` signatures), driven against the local
 * gateway (the edge fake) over real HTTP.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alipay,
  alipaySignContent,
  alipayTimeOf,
  fenToYuan,
  signedMember,
  yuanToFen,
} from '../../src/server/providers/payment/alipay.ts';
import {
  createFakeAlipay,
  demoAlipayApp,
  fakeAlipayConfig,
  type FakeAlipay,
} from '../../src/server/providers/payment/fake-alipay.ts';
import {
  PaymentVerificationError,
  type PaymentProvider,
} from '../../src/server/providers/payment/types.ts';
import { rsaSign } from '../../src/server/providers/payment/wechatpay-crypto.ts';

let fake: FakeAlipay;
let gatewayServer: ReturnType<typeof serve>;
let notifyServer: Server;
let gateway = '';
let notifyUrl = '';
const received: string[] = [];
const demo = demoAlipayApp();
/** The platform's keys, held here so a test can sign a notification as the platform would. */
const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let client: PaymentProvider;

beforeAll(async () => {
  fake = createFakeAlipay({ apps: [demo.app], retryDelaysMs: [0, 20], platformKeys });
  await new Promise<void>((resolve) => {
    gatewayServer = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      gateway = `http://127.0.0.1:${info.port}/gateway.do`;
      resolve();
    });
  });
  notifyServer = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('success');
    });
  });
  await new Promise<void>((r) => notifyServer.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/api/pay/notify/alipay`;
  client = alipay(fakeAlipayConfig(fake, demo, gateway));
});

afterAll(async () => {
  gatewayServer.close();
  await new Promise((r) => notifyServer.close(r));
});

const input = (outTradeNo: string, amountFen = 12_850) => ({
  outTradeNo,
  amountFen,
  description: '芯学堂-嵌入式系统设计师备考',
  channel: 'page' as const,
  notifyUrl,
  returnUrl: 'http://127.0.0.1/checkout?orderNo=XXT1',
  clientIp: '127.0.0.1',
  expiresAt: new Date(Date.now() + 30 * 60_000),
});

/** Opens the gateway page as the browser would, then confirms like the payer. */
async function payInBrowser(url: string, outTradeNo: string) {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('确认支付 ￥128.50');
  const confirm = await fetch(new URL('confirm', url), {
    method: 'POST',
    body: new URLSearchParams({ out_trade_no: outTradeNo }),
  });
  expect(await confirm.text()).toContain('支付成功');
  await fake.idle();
}

describe('Alipay amounts and signing', () => {
  it('converts yuan and fen exactly, refusing anything else', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(12_850)).toBe('128.50');
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('128.50')).toBe(12_850);
    for (const bad of ['1e3', '-1', '1.234', '', ' 1', '0x10', '1,000'])
      expect(yuanToFen(bad)).toBeNull();
  });

  it('signs the sorted parameters without sign and empty values', () => {
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', c: '', sign_type: 'RSA2' })).toBe(
      'a=1&b=2&sign_type=RSA2',
    );
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2' }, true)).toBe(
      'a=1&b=2',
    );
  });

  it('finds the exact signed text of a response member', () => {
    const text =
      '{"alipay_trade_query_response":{"code":"10000","msg":"a}\\"b","x":{"y":1}},"sign":"S"}';
    expect(signedMember(text, 'alipay_trade_query_response')).toBe(
      '{"code":"10000","msg":"a}\\"b","x":{"y":1}}',
    );
    expect(signedMember(text, 'other')).toBeNull();
  });
});

describe('Alipay client against the local gateway', () => {
  it('pays through page pay; the notification verifies; the query confirms', async () => {
    const start = await client.createPayment(input('A20261124000001'));
    expect(start.kind).toBe('redirect');
    const url = (start as { url: string }).url;
    expect(new URL(url).searchParams.get('method')).toBe('alipay.trade.page.pay');
    await payInBrowser(url, 'A20261124000001');
    const trade = await client.verifyNotification({ headers: {}, body: received.at(-1)! });
    expect(trade).toMatchObject({
      method: 'alipay',
      outTradeNo: 'A20261124000001',
      merchantId: demo.app.appId,
      amountFen: 12_850,
      state: 'paid',
    });
    expect(await client.query('A20261124000001')).toMatchObject({
      state: 'paid',
      amountFen: 12_850,
    });
    expect(await client.query('A-UNKNOWN')).toBeNull();
  });

  it('refuses a tampered, unsigned or foreign notification', async () => {
    const second = (await client.createPayment(input('A20261124000002'))) as { url: string };
    await payInBrowser(second.url, 'A20261124000002');
    const body = received.at(-1)!;
    const refused = (b: string) =>
      expect(client.verifyNotification({ headers: {}, body: b })).rejects.toBeInstanceOf(
        PaymentVerificationError,
      );
    await refused(body.replace('total_amount=128.50', 'total_amount=0.01'));
    await refused(body.replace(/&sign=[^&]*/, ''));
    const forged = new URLSearchParams(body);
    forged.set('out_trade_no', 'A20261124999999');
    await refused(forged.toString());
    const other = alipay({ ...fakeAlipayConfig(fake, demo, gateway), appId: '2021000000000999' });
    await expect(other.verifyNotification({ headers: {}, body })).rejects.toThrow('应用号');
  });

  it('refuses a notification signed by the platform whose documented fields are not ours', async () => {
    const third = (await client.createPayment(input('A20261124000003'))) as { url: string };
    await payInBrowser(third.url, 'A20261124000003');
    const sent = Object.fromEntries(new URLSearchParams(received.at(-1)!)) as Record<
      string,
      string
    >;
    /** The notification as sent, changed, and signed again with the platform's own key. */
    const resigned = (change: (p: Record<string, string>) => void) => {
      const p = { ...sent };
      delete p.sign;
      change(p);
      p.sign = rsaSign(alipaySignContent(p, true), platformKeys.privateKey);
      return { headers: {}, body: new URLSearchParams(p).toString() };
    };
    // Control: signed again unchanged, it verifies.
    expect(await client.verifyNotification(resigned(() => undefined))).toMatchObject({
      outTradeNo: 'A20261124000003',
      state: 'paid',
    });
    const beijing = (ms: number) =>
      new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const cases: [string, (p: Record<string, string>) => void, string][] = [
      ['no app_id', (p) => delete p.app_id, '应用号'],
      ['another app_id', (p) => (p.app_id = '2021000000000999'), '应用号'],
      ['another seller', (p) => (p.seller_id = '2088999999999999'), '收款账号'],
      ['no seller', (p) => delete p.seller_id, '收款账号'],
      ['a foreign currency', (p) => (p.trans_currency = 'USD'), '人民币'],
      ['sent an hour ago', (p) => (p.notify_time = beijing(Date.now() - 3_600_000)), '过期'],
      ['no notify_time', (p) => delete p.notify_time, '过期'],
    ];
    for (const [what, change, message] of cases)
      await expect(client.verifyNotification(resigned(change)), what).rejects.toThrow(message);
    expect(alipayTimeOf('2026-11-25 08:00:00')).toBe(Date.parse('2026-11-25T00:00:00Z'));
  });

  it('is refused by the gateway when our signature is wrong; refunds a paid trade', async () => {
    const wrong = alipay({
      ...fakeAlipayConfig(fake, demo, gateway),
      appPrivateKey: demoAlipayApp().privateKey,
    });
    await expect(wrong.query('A20261124000001')).rejects.toThrow('invalid-signature');
    const refund = await client.refund({
      outTradeNo: 'A20261124000002',
      outRefundNo: 'R20261124000002',
      refundFen: 12_850,
      totalFen: 12_850,
      reason: '用户申请退款',
    });
    expect(refund.state).toBe('success');
  });
});

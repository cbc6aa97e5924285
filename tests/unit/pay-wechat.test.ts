/**
 * WeChat Pay API v3 as written to the documented protocol, driven against the
 * local platform (the edge fake) over real HTTP: signed requests, signed
 * answers, the encrypted notification and everything a forger could change.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeWechatPay,
  demoWechatMerchant,
  fakeClientConfig,
  type FakeWechatPay,
} from '../../src/server/providers/payment/fake-wechatpay.ts';
import { PaymentVerificationError } from '../../src/server/providers/payment/types.ts';
import {
  decryptResource,
  encryptResource,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from '../../src/server/providers/payment/wechatpay-crypto.ts';
import { truncateBytes, wechatPayV3 } from '../../src/server/providers/payment/wechatpay-v3.ts';
import type { PaymentProvider } from '../../src/server/providers/payment/types.ts';

let fake: FakeWechatPay;
let platform: ReturnType<typeof serve>;
let notifyServer: Server;
let base = '';
let notifyUrl = '';
const received: { headers: Record<string, string | undefined>; body: string }[] = [];
const demo = demoWechatMerchant();
/** The platform's keys, held here so a test can sign a notification as the platform would. */
const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let client: PaymentProvider;

beforeAll(async () => {
  fake = createFakeWechatPay({
    platformKeys,
    merchants: [demo.merchant],
    publicBase: () => base,
    retryDelaysMs: [0, 20, 20],
  });
  await new Promise<void>((resolve) => {
    platform = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  notifyServer = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string | undefined>, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => notifyServer.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/api/pay/notify/wechat`;
  client = wechatPayV3(fakeClientConfig(fake, demo, base));
});

afterAll(async () => {
  platform.close();
  await new Promise((r) => notifyServer.close(r));
});

const input = (outTradeNo: string, amountFen = 9900) => ({
  outTradeNo,
  amountFen,
  description: '芯学堂-开关电源环路补偿实战',
  channel: 'native' as const,
  notifyUrl,
  returnUrl: 'http://127.0.0.1/usercenter/myorder',
  clientIp: '127.0.0.1',
  expiresAt: new Date(Date.now() + 30 * 60_000),
});

describe('WeChat Pay v3 cryptography', () => {
  it('signs and verifies SHA256withRSA over the documented message', () => {
    const msg = requestMessage('post', '/v3/pay/transactions/native', '1554208460', 'N1', '{}');
    expect(msg).toBe('POST\n/v3/pay/transactions/native\n1554208460\nN1\n{}\n');
    const sig = rsaSign(msg, demo.privateKey);
    expect(rsaVerify(msg, sig, demo.merchant.publicKey)).toBe(true);
    expect(rsaVerify(msg.replace('{}', '{ }'), sig, demo.merchant.publicKey)).toBe(false);
    expect(rsaVerify(msg, 'not base64 at all', demo.merchant.publicKey)).toBe(false);
    expect(responseMessage('1', 'n', 'b')).toBe('1\nn\nb\n');
  });

  it('decrypts an AEAD_AES_256_GCM resource, and refuses a changed byte or key', () => {
    const key = 'a'.repeat(32);
    const r = encryptResource('{"out_trade_no":"X1"}', key, 'transaction', 'transaction');
    expect(decryptResource(r, key)).toBe('{"out_trade_no":"X1"}');
    expect(() => decryptResource(r, 'b'.repeat(32))).toThrow();
    expect(() => decryptResource({ ...r, associated_data: 'refund' }, key)).toThrow();
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => decryptResource({ ...r, ciphertext: bytes.toString('base64') }, key)).toThrow();
  });

  it('cuts a description at 127 bytes without splitting a character', () => {
    const s = truncateBytes('电'.repeat(60), 127);
    expect(Buffer.byteLength(s)).toBe(126);
  });
});

describe('WeChat Pay v3 client against the local platform', () => {
  it('creates a Native payment, and after paying the notification verifies as paid', async () => {
    const start = await client.createPayment(input('T20261124000001'));
    expect(start).toEqual({ kind: 'qr', codeUrl: `${base}/pay/T20261124000001` });
    expect(await fake.pay('T20261124000001')).toBe(true);
    await fake.idle();
    const note = received.at(-1)!;
    const trade = await client.verifyNotification(note);
    expect(trade).toMatchObject({
      method: 'wechat',
      outTradeNo: 'T20261124000001',
      merchantId: '1900000109',
      amountFen: 9900,
      state: 'paid',
    });
    expect(trade.transactionId).toMatch(/^42/);
    const queried = await client.query('T20261124000001');
    expect(queried).toMatchObject({ state: 'paid', amountFen: 9900 });
    expect(await client.query('T-UNKNOWN-000')).toBeNull();
  });

  it('creates an H5 payment that returns to our page', async () => {
    const start = await client.createPayment({ ...input('T20261124000002'), channel: 'h5' });
    expect(start.kind).toBe('redirect');
    const url = new URL((start as { url: string }).url);
    expect(url.pathname).toBe('/pay/T20261124000002');
    expect(url.searchParams.get('redirect_url')).toBe('http://127.0.0.1/usercenter/myorder');
  });

  it('refuses a forged, tampered, stale or foreign notification', async () => {
    await client.createPayment(input('T20261124000003'));
    await fake.pay('T20261124000003');
    await fake.idle();
    const note = received.at(-1)!;
    const h = note.headers;
    const expectRefused = (req: { headers: Record<string, string | undefined>; body: string }) =>
      expect(client.verifyNotification(req)).rejects.toBeInstanceOf(PaymentVerificationError);
    // A body changed after signing.
    await expectRefused({ headers: h, body: note.body.replace('"TRANSACTION.SUCCESS"', '"X"') });
    // A signature by someone else's key.
    const forger = demoWechatMerchant().privateKey;
    await expectRefused({
      headers: {
        ...h,
        'wechatpay-signature': rsaSign(
          responseMessage(h['wechatpay-timestamp']!, h['wechatpay-nonce']!, note.body),
          forger,
        ),
      },
      body: note.body,
    });
    // An unknown platform key, a missing header.
    await expectRefused({
      headers: { ...h, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' },
      body: note.body,
    });
    await expectRefused({ headers: { ...h, 'wechatpay-signature': undefined }, body: note.body });
    // The same notification replayed ten minutes later: outside the window.
    const later = wechatPayV3({
      ...fakeClientConfig(fake, demo, base),
      now: () => Date.now() + 10 * 60_000,
    });
    await expect(later.verifyNotification(note)).rejects.toBeInstanceOf(PaymentVerificationError);
    // Correctly signed by the platform, but for another merchant's APIv3 key: cannot decrypt.
    const other = wechatPayV3({ ...fakeClientConfig(fake, demo, base), apiV3Key: 'c'.repeat(32) });
    await expect(other.verifyNotification(note)).rejects.toBeInstanceOf(PaymentVerificationError);
    // Signed and decrypted, but reporting another merchant id: refused by mchid.
    const foreign = wechatPayV3({ ...fakeClientConfig(fake, demo, base), mchid: '1900000999' });
    await expect(foreign.verifyNotification(note)).rejects.toThrow('商户号');
  });

  it('refuses a notification signed by the platform whose transaction is not ours or not in yuan', async () => {
    await client.createPayment(input('T20261124000004'));
    await fake.pay('T20261124000004');
    await fake.idle();
    const note = received.at(-1)!;
    const envelope = JSON.parse(note.body) as {
      resource: {
        ciphertext: string;
        associated_data: string;
        nonce: string;
        original_type: string;
      };
    } & Record<string, unknown>;
    const key = fakeClientConfig(fake, demo, base).apiV3Key;
    const tx = JSON.parse(decryptResource(envelope.resource, key)) as Record<string, unknown>;
    /** The notification with its transaction changed, encrypted and signed as the platform does. */
    const resent = (change: (t: Record<string, unknown>) => void) => {
      const t = structuredClone(tx);
      change(t);
      const r = envelope.resource;
      const body = JSON.stringify({
        ...envelope,
        resource: encryptResource(JSON.stringify(t), key, r.associated_data, r.original_type),
      });
      const h = note.headers;
      const signature = rsaSign(
        responseMessage(h['wechatpay-timestamp']!, h['wechatpay-nonce']!, body),
        platformKeys.privateKey,
      );
      return { headers: { ...h, 'wechatpay-signature': signature }, body };
    };
    // Control: sent again unchanged, it verifies.
    expect(await client.verifyNotification(resent(() => undefined))).toMatchObject({
      outTradeNo: 'T20261124000004',
      state: 'paid',
    });
    const cases: [string, (t: Record<string, unknown>) => void, string][] = [
      ['no appid', (t) => delete t.appid, '应用号'],
      ['another appid', (t) => (t.appid = 'wx0000000000000000'), '应用号'],
      [
        'a foreign currency',
        (t) => ((t.amount as { currency: string }).currency = 'USD'),
        '人民币',
      ],
      ['no currency', (t) => delete (t.amount as { currency?: string }).currency, '人民币'],
    ];
    for (const [what, change, message] of cases)
      await expect(client.verifyNotification(resent(change)), what).rejects.toThrow(message);
  });

  it('is refused by the platform when our request signature is wrong', async () => {
    const wrongKey = wechatPayV3({
      ...fakeClientConfig(fake, demo, base),
      merchantPrivateKey: demoWechatMerchant().privateKey,
    });
    await expect(wrongKey.createPayment(input('T20261124000004'))).rejects.toThrow('SIGN_ERROR');
  });

  it('closes an unpaid trade, refunds a paid one', async () => {
    await client.createPayment(input('T20261124000005'));
    await client.close('T20261124000005');
    expect(await client.query('T20261124000005')).toMatchObject({ state: 'closed' });
    expect(await fake.pay('T20261124000005')).toBe(false);
    await client.createPayment(input('T20261124000006', 500));
    await fake.pay('T20261124000006');
    const refund = await client.refund({
      outTradeNo: 'T20261124000006',
      outRefundNo: 'R20261124000006',
      refundFen: 500,
      totalFen: 500,
      reason: '用户申请退款',
    });
    expect(refund).toMatchObject({ outRefundNo: 'R20261124000006', state: 'success' });
    expect(await client.query('T20261124000006')).toMatchObject({ state: 'refunded' });
  });

  it('a notification is sent again until our endpoint answers 2xx', async () => {
    const flaky: string[] = [];
    let n = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        n++;
        flaky.push(String(n));
        res.statusCode = n < 3 ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/n`;
    await client.createPayment({ ...input('T20261124000007'), notifyUrl: url });
    await fake.pay('T20261124000007');
    await fake.idle();
    expect(
      fake.sent.filter((s) => s.outTradeNo === 'T20261124000007').map((s) => s.status),
    ).toEqual([500, 500, 204]);
    await new Promise((r) => server.close(r));
  });
});

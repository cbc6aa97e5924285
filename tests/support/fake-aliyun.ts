/**
 * A local stand-in for Aliyun's Dysmsapi endpoint: a node:http server on
 * 127.0.0.1 that recomputes each request's HMAC-SHA1 signature from the
 * AccessKey secret it knows, checks the RPC parameters of SendSms, and answers
 * Aliyun's JSON. A request signed with the wrong secret gets Aliyun's
 * SignatureDoesNotMatch, so a signing bug fails the tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rpcSignature } from '../../src/server/providers/sms/aliyun-signature.ts';

export interface FakeAliyunMessage {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  code: string;
}

export interface FakeAliyun {
  url: string;
  /** Messages accepted, in order. */
  sent: FakeAliyunMessage[];
  /** Every error answered, by Aliyun code. */
  errors: string[];
  /** Phone numbers Aliyun's own flow control refuses (isv.BUSINESS_LIMIT_CONTROL). */
  limited: Set<string>;
  close(): Promise<void>;
}

const REQUIRED = [
  'AccessKeyId',
  'Action',
  'Format',
  'PhoneNumbers',
  'RegionId',
  'SignName',
  'Signature',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'TemplateCode',
  'TemplateParam',
  'Timestamp',
  'Version',
];

/** startFakeAliyun({ testId: 'testSecret' }) → a server whose url goes in ALIYUN_SMS_ENDPOINT. */
export async function startFakeAliyun(keys: Record<string, string>): Promise<FakeAliyun> {
  const sent: FakeAliyunMessage[] = [];
  const errors: string[] = [];
  const limited = new Set<string>();
  const nonces = new Set<string>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = Object.fromEntries(url.searchParams);
    const answer = (status: number, body: Record<string, string>) => {
      if (body.Code !== 'OK') errors.push(body.Code!);
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: crypto.randomUUID(), ...body }));
    };
    const missing = REQUIRED.find((k) => !p[k]);
    if (req.method !== 'GET' || url.pathname !== '/')
      return answer(404, { Code: 'InvalidAction.NotFound', Message: 'not found' });
    if (missing)
      return answer(400, {
        Code: 'MissingParameter',
        Message: `${missing} is mandatory for this action.`,
      });
    const secret = keys[p.AccessKeyId!];
    if (!secret)
      return answer(404, {
        Code: 'InvalidAccessKeyId.NotFound',
        Message: 'Specified access key is not found.',
      });
    const { Signature: signature, ...unsigned } = p;
    if (rpcSignature('GET', unsigned, secret) !== signature) {
      return answer(400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      });
    }
    if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0')
      return answer(400, { Code: 'InvalidParameter', Message: 'signature method' });
    if (p.Action !== 'SendSms' || p.Version !== '2017-05-25' || p.Format !== 'JSON')
      return answer(400, { Code: 'InvalidParameter', Message: 'action/version/format' });
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(p.Timestamp!) ||
      Math.abs(Date.parse(p.Timestamp!) - Date.now()) > 15 * 60_000
    ) {
      return answer(400, {
        Code: 'InvalidTimeStamp.Expired',
        Message: 'Specified time stamp or date value is expired.',
      });
    }
    if (nonces.has(p.SignatureNonce!))
      return answer(400, {
        Code: 'SignatureNonceUsed',
        Message: 'Specified signature nonce was used already.',
      });
    nonces.add(p.SignatureNonce!);
    let code: unknown;
    try {
      code = (JSON.parse(p.TemplateParam!) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string')
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
    if (limited.has(p.PhoneNumbers!))
      return answer(200, {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发分钟级流控Permits:1',
      });
    sent.push({
      phoneNumbers: p.PhoneNumbers!,
      signName: p.SignName!,
      templateCode: p.TemplateCode!,
      code,
    });
    answer(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    sent,
    errors,
    limited,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * Local stand-ins for the two CDN purge APIs (the edge of the system): each
 * recomputes the request's signature from the secret it knows and answers
 * in the provider's JSON, so a signing bug fails the tests.
 *   Aliyun CDN RefreshObjectCaches: RPC GET signed with HMAC-SHA1;
 *   Tencent Cloud CDN PurgeUrlsCache: API 3.0 POST signed with TC3-HMAC-SHA256.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tc3Authorization } from '../../src/server/providers/registry.ts';
import { rpcSignature } from '../../src/server/providers/sms/aliyun-signature.ts';

export interface FakeCdn {
  url: string;
  /** URLs purged, call by call. */
  calls: string[][];
  /** Error codes answered. */
  errors: string[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((ok) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => ok(text));
  });
}

export async function fakeAliyunCdn(keys: { id: string; secret: string }): Promise<FakeCdn> {
  const calls: string[][] = [];
  const errors: string[] = [];
  const nonces = new Set<string>();
  const server = createServer((req, res) => {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ RequestId: randomUUID(), ...body }));
    };
    const fail = (status: number, code: string, message: string) => {
      errors.push(code);
      answer(status, { HostId: 'cdn.aliyuncs.com', Code: code, Message: message });
    };
    const { Signature: signature, ...signed } = params;
    if (params.AccessKeyId !== keys.id)
      return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (signature !== rpcSignature('GET', signed, keys.secret))
      return fail(
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    if (!params.SignatureNonce || nonces.has(params.SignatureNonce))
      return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(params.SignatureNonce);
    if (params.Action !== 'RefreshObjectCaches' || params.Version !== '2018-05-10')
      return fail(400, 'InvalidAction', 'Specified action is not valid.');
    const urls = (params.ObjectPath ?? '').split('\n').filter(Boolean);
    if (params.ObjectType !== 'File' || urls.length === 0)
      return fail(400, 'InvalidObjectPath.Malformed', 'Specified ObjectPath is malformed.');
    if (urls.length > 1000)
      return fail(400, 'InvalidObjectPath.ExceedLimit', 'The number of URLs exceeds the limit.');
    calls.push(urls);
    answer(200, { RefreshTaskId: String(1000 + calls.length) });
  });
  const url = await listen(server);
  return { url, calls, errors, close: () => new Promise((r) => server.close(() => r())) };
}

export async function fakeTencentCdn(keys: { id: string; secret: string }): Promise<FakeCdn> {
  const calls: string[][] = [];
  const errors: string[] = [];
  const server = createServer((req, res) => {
    void bodyOf(req).then((payload) => {
      const answer = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { RequestId: randomUUID(), ...body } }));
      };
      const fail = (code: string, message: string) => {
        errors.push(code);
        answer({ Error: { Code: code, Message: message } });
      };
      const timestamp = Number(req.headers['x-tc-timestamp']);
      if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
        return fail('AuthFailure.SignatureExpire', 'Signature expired.');
      const expected = tc3Authorization({
        secretId: keys.id,
        secretKey: keys.secret,
        service: 'cdn',
        host: req.headers.host ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        payload,
        timestamp,
      });
      if (!String(req.headers.authorization ?? '').includes(`Credential=${keys.id}/`))
        return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
      if (req.headers.authorization !== expected)
        return fail(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated.',
        );
      if (
        req.headers['x-tc-action'] !== 'PurgeUrlsCache' ||
        req.headers['x-tc-version'] !== '2018-06-06'
      )
        return fail('InvalidAction', 'The action is not valid.');
      const urls = (JSON.parse(payload) as { Urls?: string[] }).Urls ?? [];
      if (urls.length === 0)
        return fail('InvalidParameter.CdnPurgeWildcardAndUrlConflict', 'No URLs.');
      if (urls.length > 1000)
        return fail('LimitExceeded.CdnPurgeUrlExceedBatchLimit', 'Too many URLs.');
      calls.push(urls);
      answer({ TaskId: randomUUID() });
    });
  });
  const url = await listen(server);
  return { url, calls, errors, close: () => new Promise((r) => server.close(() => r())) };
}

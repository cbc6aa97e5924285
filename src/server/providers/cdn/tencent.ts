/**
 * Tencent Cloud CDN PurgeUrlsCache (API 3.0, version 2018-06-06), signed with
 * TC3-HMAC-SHA256: a canonical request (method, path, query, the signed
 * headers content-type and host, the body's SHA-256) is hashed into a string
 * to sign; the key is derived from the SecretKey through the date, the
 * service and "tc3_request". Documented limits: 1,000 URLs a call, 10,000 a
 * day by default.
 */
import { createHash, createHmac } from 'node:crypto';
import { CdnPurgeError, type CdnPurger } from './types.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** The Authorization header of a TC3-HMAC-SHA256 request (shared with the fake that checks it). */
export function tc3Authorization(opts: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${opts.contentType}\nhost:${opts.host}\n`,
    signedHeaders,
    sha256(opts.payload),
  ].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256(canonicalRequest)].join(
    '\n',
  );
  const kDate = hmac(`TC3${opts.secretKey}`, date);
  const kService = hmac(kDate, opts.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export interface TencentCdnOptions {
  secretId: string;
  secretKey: string;
  /** Default https://cdn.tencentcloudapi.com/ (a local fake in tests). */
  endpoint?: string;
  dailyQuota?: number;
  timeoutMs?: number;
}

export function tencentCdn(opts: TencentCdnOptions): CdnPurger {
  const endpoint = new URL(opts.endpoint || 'https://cdn.tencentcloudapi.com/');
  return {
    name: 'tencent',
    perCall: 1000,
    dailyQuota: opts.dailyQuota ?? 10_000,
    async purgeUrls(urls) {
      const payload = JSON.stringify({ Urls: urls });
      const timestamp = Math.floor(Date.now() / 1000);
      const contentType = 'application/json; charset=utf-8';
      const authorization = tc3Authorization({
        secretId: opts.secretId,
        secretKey: opts.secretKey,
        service: 'cdn',
        host: endpoint.host,
        contentType,
        payload,
        timestamp,
      });
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': contentType,
            'x-tc-action': 'PurgeUrlsCache',
            'x-tc-version': '2018-06-06',
            'x-tc-timestamp': String(timestamp),
          },
          body: payload,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new CdnPurgeError('NetworkError', `Tencent Cloud CDN unreachable: ${String(err)}`);
      }
      const body = (await res.json().catch(() => ({}))) as {
        Response?: { TaskId?: string; Error?: { Code: string; Message: string } };
      };
      const r = body.Response;
      if (!r?.TaskId)
        throw new CdnPurgeError(
          r?.Error?.Code ?? `HTTP${res.status}`,
          r?.Error?.Message ?? 'purge refused',
        );
      return { taskId: r.TaskId };
    },
  };
}

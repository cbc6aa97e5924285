/**
 * Aliyun CDN RefreshObjectCaches (API version 2018-05-10), an RPC-style call
 * signed with HMAC-SHA1 like every Aliyun RPC API (sms/aliyun-signature.ts):
 * ObjectPath carries the URLs separated by newlines, ObjectType=File.
 * Documented limits: 1,000 URLs a call, 10,000 URL refreshes a day by default.
 */
import { randomUUID } from 'node:crypto';
import { signedQuery } from '../sms/aliyun-signature.ts';
import { CdnPurgeError, type CdnPurger } from './types.ts';

export interface AliyunCdnOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** Default https://cdn.aliyuncs.com/ (a local fake in tests). */
  endpoint?: string;
  dailyQuota?: number;
  timeoutMs?: number;
}

export function aliyunCdn(opts: AliyunCdnOptions): CdnPurger {
  const endpoint = opts.endpoint || 'https://cdn.aliyuncs.com/';
  return {
    name: 'aliyun',
    perCall: 1000,
    dailyQuota: opts.dailyQuota ?? 10_000,
    async purgeUrls(urls) {
      const params: Record<string, string> = {
        AccessKeyId: opts.accessKeyId,
        Action: 'RefreshObjectCaches',
        Format: 'JSON',
        ObjectPath: urls.join('\n'),
        ObjectType: 'File',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2018-05-10',
      };
      const url = new URL(endpoint);
      url.search = signedQuery('GET', params, opts.accessKeySecret);
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch (err) {
        throw new CdnPurgeError('NetworkError', `Aliyun CDN unreachable: ${String(err)}`);
      }
      const body = (await res.json().catch(() => ({}))) as {
        RefreshTaskId?: string;
        Code?: string;
        Message?: string;
      };
      if (!res.ok || !body.RefreshTaskId)
        throw new CdnPurgeError(
          body.Code ?? `HTTP${res.status}`,
          body.Message ?? 'refresh refused',
        );
      return { taskId: body.RefreshTaskId };
    },
  };
}

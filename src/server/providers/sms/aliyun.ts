/**
 * The Aliyun SMS adapter: `SendSms` (API version 2017-05-25) on the RPC
 * endpoint, signed with the AccessKey (aliyun-signature.ts). The endpoint is
 * configurable so tests can point it at a local fake.
 */
import { randomUUID } from 'node:crypto';
import { signedQuery } from './aliyun-signature.ts';
import { SmsSendError, type SmsNoticeKind, type SmsPhone, type SmsProvider } from './index.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Approved notification templates by kind (e.g. liveReminder: 'SMS_4800123'); a kind without one is not sent. */
  noticeTemplates?: Partial<Record<SmsNoticeKind, string>>;
  /** Defaults to https://dysmsapi.aliyuncs.com/ */
  endpoint?: string;
  regionId?: string;
  timeoutMs?: number;
}

/** Aliyun's timestamp form: ISO 8601 UTC without milliseconds. */
function timestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Mainland numbers go as they are; others with their country code (Aliyun's international format). */
export function aliyunPhoneNumber(areaNum: string, mobile: string): string {
  return areaNum === '86' ? mobile : `${areaNum}${mobile}`;
}

/** aliyunSms({ accessKeyId, accessKeySecret, signName, templateCode }) → an SmsProvider calling SendSms. */
export function aliyunSms(opts: AliyunSmsOptions): SmsProvider {
  const endpoint = opts.endpoint || 'https://dysmsapi.aliyuncs.com/';
  /** One SendSms call with this template and its parameters. */
  async function send(phone: SmsPhone, templateCode: string, templateParam: object): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: aliyunPhoneNumber(phone.areaNum, phone.mobile),
      RegionId: opts.regionId || 'cn-hangzhou',
      SignName: opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: timestamp(new Date()),
      Version: '2017-05-25',
    };
    const url = new URL(endpoint);
    url.search = signedQuery('GET', params, opts.accessKeySecret);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new SmsSendError('NetworkError', `Aliyun SMS unreachable: ${String(err)}`);
    }
    let body: { Code?: string; Message?: string } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new SmsSendError(`HTTP${res.status}`, 'Aliyun SMS answered with no JSON');
    }
    if (body.Code !== 'OK')
      throw new SmsSendError(body.Code ?? `HTTP${res.status}`, body.Message ?? 'SendSms failed');
  }
  return {
    name: 'aliyun',
    development: false,
    sendCode: (phone, code) => send(phone, opts.templateCode, { code }),
    canNotify: (kind) => Boolean(opts.noticeTemplates?.[kind]),
    async sendNotice(phone, notice) {
      const template = opts.noticeTemplates?.[notice.kind];
      if (!template)
        throw new SmsSendError('NoTemplate', `no Aliyun template for ${notice.kind} notices`);
      await send(phone, template, notice.params);
    },
  };
}

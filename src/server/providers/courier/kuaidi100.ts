/**
 * Kuaidi100's documented real-time query (实时快递查询, poll/query.do): a
 * form POST of `customer`, `param` (JSON: com, num, phone, resultv2) and
 * `sign` = upper-case MD5 of param + key + customer. Answers carry `data`
 * (newest first: time "yyyy-MM-dd HH:mm:ss" China time, context, location)
 * or `result: false` with returnCode and message. Demo mode runs the same
 * client against the local fake in fake-kuaidi100.ts.
 */
import { createHash } from 'node:crypto';
import type { CourierProvider, TrackingResult } from './types.ts';

export interface Kuaidi100Config {
  /** https://poll.kuaidi100.com, or the local fake's base. */
  baseUrl: string;
  customer: string;
  key: string;
  development?: boolean;
}

/** sign = MD5(param + key + customer), upper-case hex (the documented rule). */
export function kuaidi100Sign(param: string, key: string, customer: string): string {
  return createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** "2026-11-20 10:12:00" in China time → Date. */
export function chinaDate(s: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return new Date(Number.NaN);
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
}

interface Answer {
  result?: boolean;
  returnCode?: string;
  message?: string;
  state?: string;
  status?: string;
  data?: {
    time?: string;
    ftime?: string;
    context?: string;
    location?: string;
    areaName?: string;
  }[];
}

export function kuaidi100(config: Kuaidi100Config): CourierProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  return {
    name: config.development ? 'kuaidi100 (本地演示)' : 'kuaidi100',
    development: config.development ?? false,
    async track({ companyCode, trackingNumber, phone }): Promise<TrackingResult> {
      const param = JSON.stringify({
        com: companyCode,
        num: trackingNumber,
        phone: phone ?? '',
        resultv2: '1',
        show: '0',
        order: 'desc',
      });
      const res = await fetch(`${base}/poll/query.do`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          customer: config.customer,
          sign: kuaidi100Sign(param, config.key, config.customer),
          param,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as Answer;
      // 查询无结果 (returnCode 500): the courier has no steps for it yet (just shipped), not a fault.
      if (res.ok && answer.result === false && answer.returnCode === '500')
        return { companyCode, trackingNumber, state: 0, steps: [] };
      if (!res.ok || answer.result === false || !Array.isArray(answer.data))
        throw new Error(answer.message || `快递100 HTTP ${res.status}`);
      return {
        companyCode,
        trackingNumber,
        state: Number(answer.state ?? 0),
        steps: answer.data.map((d) => ({
          time: chinaDate(d.time ?? d.ftime ?? ''),
          context: d.context ?? '',
          location: d.location || d.areaName || undefined,
        })),
      };
    },
  };
}

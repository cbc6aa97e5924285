/** Input pieces every admin route family shares (forms post strings). */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';

/** '1'/'true' → true, '0'/'false' → false. */
export const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: MSG.badRequest }),
);

/** An address on this site or an https URL ('//host' refused); '' clears it. */
export const siteUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .max(500, '地址不能超过500个字')
    .regex(/^(https:\/\/|\/(?!\/))/, '地址须以 https:// 或 / 开头')
    .nullable()
    .optional(),
);

/** The audit target id of a create: the id in the answer. */
export const createdId = (_input: unknown, answer?: unknown) =>
  (answer as { id?: number } | undefined)?.id;

/** The audit target id of an edit or delete: the input's id. */
export const inputId = (input: { id: number }) => input.id;

export const DURATION_TEXT = '请输入时长，如 12:30（分:秒）或秒数，最长24小时';

/**
 * A duration as editors type it: '12:30', '1:02:03' or plain seconds.
 * toSeconds('12:30') → 750; toSeconds('1:02:03') → 3723; toSeconds('7:5') → NaN
 */
export function toSeconds(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return Number.NaN;
  const t = v.trim();
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(t);
  if (m) {
    if (m[1] !== undefined && Number(m[2]) > 59) return Number.NaN;
    return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  }
  return /^\d{1,6}$/.test(t) ? Number(t) : Number.NaN;
}

/** A length of 1 s to 24 h, typed as toSeconds reads it. */
export const duration = z.preprocess(
  toSeconds,
  z
    .number({ error: DURATION_TEXT })
    .int(DURATION_TEXT)
    .min(1, DURATION_TEXT)
    .max(86_400, DURATION_TEXT),
);

/** Ids as a form sends them: '3,1,2' or [3, 1, 2] → [3, 1, 2]; '' → []. */
export const idList = (message: string, min = 0) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
    z
      .array(z.coerce.number({ error: message }).int(message).positive(message), { error: message })
      .min(min, message)
      .max(1000, message),
  );

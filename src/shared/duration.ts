/**
 * Lengths as editors type them and as the console shows them: 分:秒
 * ('12:30'), 时:分:秒 ('1:02:03') or plain seconds. The server reads a typed
 * length with toSeconds (src/server/api/fields.ts) and the console's forms
 * check it with the same pattern before sending.
 */

/** What a duration field takes: 分:秒, 时:分:秒 or seconds (spaces around allowed). */
export const DURATION_PATTERN = /^\s*(?:(?:\d{1,2}:)?\d{1,3}:[0-5]\d|\d{1,6})\s*$/;

/**
 * A duration as editors type it, in seconds (NaN when it is not one).
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

/** Seconds as a duration field shows them: formatClock(754) → '12:34' (分:秒). */
export const formatClock = (s: number): string =>
  `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Lengths on lesson outlines and video covers. */
/** clock(75) → '01:15'; clock(3725) → '1:02:05' */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** totalText(3725) → '1小时2分钟'; totalText(600) → '10分钟' */
export function totalText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}分钟`;
  return m === 0 ? `${h}小时` : `${h}小时${m}分钟`;
}

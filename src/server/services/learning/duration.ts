/**
 * Counting the seconds of a lesson a member actually watched (issue 6). The
 * player reports the media ranges it played continuously; seeking starts a
 * new range and is never reported as watched. The server trusts no range
 * blindly: a range may not cover more media time than could have played since
 * the previous report (so a seek forward sent as "playback", or wall time
 * spent paused, counts nothing), and ranges are merged so replaying a part
 * counts once. Pure functions, tested as tables.
 */

/** A played range of media time, in seconds: [from, to]. */
export type Range = [number, number];

/** Fastest playback rate whose media time counts as watched. */
export const MAX_RATE = 2;
/** Seconds of slack for timer jitter between the player's reports and the server's clock. */
export const SLACK_SECONDS = 3;
/** Share of a lesson's length that must be watched for it to count as completed. */
export const COMPLETE_SHARE = 0.9;

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Ranges sorted and merged where they touch: mergeRanges([[5,8],[0,6]]) → [[0,8]] */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Seconds covered by merged ranges, rounded down: total([[0,4.5],[10,12]]) → 6 */
export function totalSeconds(ranges: readonly Range[]): number {
  return Math.floor(mergeRanges(ranges).reduce((s, [a, b]) => s + (b - a), 0) + 1e-9);
}

export type RangeCheck =
  { ok: true; range: Range } | { ok: false; reason: 'order' | 'bounds' | 'tooLong' };

/**
 * Whether a reported range can be real playback, given the wall time since
 * the last report and the lesson's length.
 * checkRange(0, 10, { elapsedSeconds: 10, lengthSeconds: 60 }) → { ok: true, range: [0, 10] }
 * checkRange(10, 50, { elapsedSeconds: 5, lengthSeconds: 60 }) → { ok: false, reason: 'tooLong' }
 */
export function checkRange(
  from: number,
  to: number,
  limits: { elapsedSeconds: number; lengthSeconds: number },
): RangeCheck {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from)
    return { ok: false, reason: 'order' };
  if (from < 0 || to > limits.lengthSeconds + 1) return { ok: false, reason: 'bounds' };
  const budget = Math.max(0, limits.elapsedSeconds) * MAX_RATE + SLACK_SECONDS;
  if (to - from > budget) return { ok: false, reason: 'tooLong' };
  return { ok: true, range: [round1(from), round1(Math.min(to, limits.lengthSeconds))] };
}

/** Whether watched seconds complete a lesson: isComplete(54, 60) → true, isComplete(53, 60) → false */
export function isComplete(watchedSeconds: number, lengthSeconds: number): boolean {
  return lengthSeconds > 0 && watchedSeconds >= Math.floor(lengthSeconds * COMPLETE_SHARE);
}

/**
 * The length watching is measured against: the catalogue duration, or the
 * media's own duration (read by the server from a site-hosted playlist,
 * media-length.ts) when that is shorter: demo streams are a few seconds long
 * while the catalogue lists whole lessons.
 * effectiveLength(1800, 12.4) → 12; effectiveLength(1800, undefined) → 1800
 */
export function effectiveLength(
  catalogueSeconds: number,
  mediaSeconds: number | undefined,
): number {
  const media =
    mediaSeconds !== undefined && Number.isFinite(mediaSeconds) ? Math.floor(mediaSeconds) : 0;
  if (media >= 1 && (catalogueSeconds <= 0 || media < catalogueSeconds)) return media;
  return Math.max(1, catalogueSeconds);
}

/** Reads stored ranges, dropping anything malformed: parseRanges('[[0,5]]') → [[0,5]] */
export function parseRanges(json: string): Range[] {
  try {
    const raw: unknown = JSON.parse(json);
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (r): r is Range =>
        Array.isArray(r) &&
        r.length === 2 &&
        r.every((n) => typeof n === 'number' && Number.isFinite(n)),
    );
  } catch {
    return [];
  }
}

/**
 * Beijing time (Asia/Shanghai: UTC+8 all year, no daylight saving), the one clock of the
 * platform. Every date a reader sees and every date staff type is Beijing time, whatever the
 * zone of the browser or the server; these two conversions are the only place the offset lives.
 */

export const BEIJING_OFFSET_MS = 8 * 3_600_000;

/**
 * An instant as the Beijing wall clock shows it:
 * toBeijingWall('2026-11-21T15:16:00.000Z') → '2026-11-21 23:16:00'.
 */
export function toBeijingWall(isoTime: string): string {
  const shifted = new Date(Date.parse(isoTime) + BEIJING_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A Beijing wall-clock time ('YYYY-MM-DD HH:mm' or with seconds) as the instant it names:
 * fromBeijingWall('2026-11-21 23:16') → '2026-11-21T15:16:00.000Z'. Null when it is not such a
 * time (or names a day that does not exist, such as 02-30).
 */
export function fromBeijingWall(wall: string): string | null {
  const m = WALL.exec(wall.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  return new Date(utc - BEIJING_OFFSET_MS).toISOString();
}

/** Display formats for Chinese readers. */
import { toBeijingWall } from './beijing-time.ts';

/** formatDate('2026-11-21T08:00:00.000Z') → '2026-11-21' (Beijing time). */
export function formatDate(isoTime: string): string {
  return toBeijingWall(isoTime).slice(0, 10);
}

/** formatDateTime('2026-11-21T08:00:00.000Z') → '2026-11-21 16:00' (Beijing time). */
export function formatDateTime(isoTime: string): string {
  return toBeijingWall(isoTime).slice(0, 16);
}

/** formatCount(12345) → '1.2万' */
export function formatCount(n: number): string {
  return n >= 10000 ? `${(n / 10000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}

/** formatSize(1536000) → '1.5 MB' */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** formatYuan(9900) → '99.00' (fen as yuan, two decimals, no sign) */
export function formatYuan(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** formatPrice(9900) → '¥99.00'; 0 → '免费' */
export function formatPrice(cents: number): string {
  return cents === 0 ? '免费' : `¥${formatYuan(cents)}`;
}

/** An amount of money, never a price: formatAmount(0) → '¥0.00' (a total paid, a refund). */
export function formatAmount(cents: number): string {
  return `¥${formatYuan(cents)}`;
}

/** formatDateTimeOrDash(null) → '—'; otherwise formatDateTime (Beijing time). */
export function formatDateTimeOrDash(isoTime: string | null | undefined): string {
  return isoTime ? formatDateTime(isoTime) : '—';
}

/** IP 属地 as the peers show it beside a post and on a profile: 'IP 属地：广东'. */
export function formatIpRegion(region: string): string {
  return `IP 属地：${region}`;
}

/** VIP membership (会员, issue 27): its texts (messages/vip.ts), its end date in words, its prices. */
import { formatDate } from './format.ts';
import { VIP_MSG } from './messages/vip.ts';
export { VIP_MSG };

/** Days before the end that the reminder is sent. */
export const VIP_REMIND_DAYS = 3;

/** The VIP's state in words: vipText('2027-01-05T00:00:00Z', now) → '会员有效期至 2027-01-05'. */
export function vipText(endsAt: string | null, now: number): string {
  if (!endsAt) return VIP_MSG.none;
  const text = Date.parse(endsAt) > now ? VIP_MSG.active : VIP_MSG.expired;
  return text.replace('{{date}}', formatDate(endsAt));
}

/** A VIP's member price: the share of the list price, whole fen, at least ¥0.01: vipPrice(9900, 80) → 7920. */
export function vipPrice(listPriceCents: number, ratePercent: number): number {
  return Math.max(1, Math.round((listPriceCents * ratePercent) / 100));
}

/** A member price as 折: rateText(85) → '8.5', rateText(80) → '8'. */
export function rateText(ratePercent: number): string {
  return String(ratePercent / 10);
}

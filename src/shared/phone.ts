/**
 * One identity per phone (issue 13): the same number typed as `13800138001`,
 * `013800138001`, `8613800138001` or `008613800138001` is one account, one
 * set of SMS limits and one lock. A phone is kept as its area code and its
 * national significant number (E.164 without the +): trunk prefixes and a
 * repeated country code are dropped, then the length is checked against the
 * area's numbering plan.
 */
import type { AREA_CODES } from './forms/options.ts';

type AreaCode = (typeof AREA_CODES)[number];

/** National significant number lengths, and whether a leading trunk 0 is dialled inland. */
const PLANS: Record<AreaCode, { min: number; max: number; trunkZero: boolean; pattern?: RegExp }> =
  {
    // Mainland China: members sign in with mobiles, 11 digits starting with 1.
    '86': { min: 11, max: 11, trunkZero: true, pattern: /^1[3-9]\d{9}$/ },
    '852': { min: 8, max: 8, trunkZero: false },
    '853': { min: 8, max: 8, trunkZero: false },
    '886': { min: 9, max: 9, trunkZero: true },
    '65': { min: 8, max: 8, trunkZero: false },
    '60': { min: 9, max: 10, trunkZero: true },
    '672': { min: 5, max: 6, trunkZero: false },
    '1': { min: 10, max: 10, trunkZero: false },
    '39': { min: 6, max: 11, trunkZero: false },
    '33': { min: 9, max: 9, trunkZero: true },
    '81': { min: 9, max: 10, trunkZero: true },
  };

export interface Phone {
  areaNum: string;
  mobile: string;
}

/**
 * The phone in its one stored form, or null when it cannot be a number of
 * that area. normalizePhone({ areaNum: '86', mobile: '008613800138001' })
 * → { areaNum: '86', mobile: '13800138001' }
 */
export function normalizePhone(phone: Phone): Phone | null {
  const plan = PLANS[phone.areaNum as AreaCode];
  let d = phone.mobile.replace(/^\+/, '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(d) || !plan) return null;
  const cc = phone.areaNum;
  // International prefix and country code typed in front of the number.
  if (d.startsWith(`00${cc}`)) d = d.slice(2 + cc.length);
  else if (d.length > plan.max && d.startsWith(cc)) d = d.slice(cc.length);
  // Trunk prefix dialled inland (and after a country code, where people often keep it).
  if (plan.trunkZero) d = d.replace(/^0+/, '');
  if (d.length < plan.min || d.length > plan.max) return null;
  if (plan.pattern && !plan.pattern.test(d)) return null;
  return { areaNum: cc, mobile: d };
}

/** '+8613800138001': the E.164 form, for logs and providers. */
export function e164(phone: Phone): string {
  return `+${phone.areaNum}${phone.mobile}`;
}

/**
 * A national number with its middle hidden, enough to recognise or follow in
 * a log line, not enough to identify the member: the first 3 digits, ****,
 * then what follows the 7th; a number of 7 digits or fewer is only ****.
 * maskMobile('13800138001') → '138****8001'
 */
export function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}

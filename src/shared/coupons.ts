/**
 * Coupons (优惠券, issue 27) as the checkout island, the user centre, the console and the
 * server all name them: the kinds, scopes, states and tabs, and a coupon's short label
 * (满 99 减 20, 8.5 折). The pricing rule itself is the server's (services/commerce/coupons/pricing.ts).
 */
import { formatYuan } from './format.ts';

export const COUPON_KINDS = ['amount', 'percent'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** all courses, courses without a kit, kits (ORDER_COURSE_TYPE), or the named courses. */
export const COUPON_SCOPES = ['all', 'courses', 'kits', 'named'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

export const COUPON_STATES = ['draft', 'active', 'stopped'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** The member's tabs of 我的优惠券. */
export const COUPON_TABS = ['usable', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

export const COUPON_TEXT = {
  kind: { amount: '满减券', percent: '折扣券' } as Record<CouponKind, string>,
  scope: {
    all: '全部课程可用',
    courses: '视频课程可用（不含实物套件）',
    kits: '实物套件可用',
    named: '指定课程可用',
  } as Record<CouponScope, string>,
  state: { draft: '草稿', active: '发放中', stopped: '已停用' } as Record<CouponState, string>,
  tab: { usable: '可使用', used: '已使用', expired: '已过期' } as Record<CouponTab, string>,
  /** A member coupon's state. */
  held: '待支付订单使用中',
  source: {
    claim: '领券',
    issue: '后台发放',
    seed: '系统发放',
    register: '新人券',
    invite: '邀请奖励',
  } as Record<string, string>,
};

/** What a label needs of a coupon. */
export interface CouponTermsText {
  kind: string;
  amountCents: number;
  ratePercent: number;
  maxDiscountCents: number | null;
  minSpendCents: number;
}

/** 85 → '8.5', 80 → '8' */
function rateText(ratePercent: number): string {
  return String(ratePercent / 10);
}

/** The yuan of an amount without needless decimals: 9900 → '99', 9950 → '99.50'. */
export function shortYuan(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : formatYuan(cents);
}

/**
 * couponLabel({ kind: 'amount', amountCents: 2000, minSpendCents: 9900, … }) → '满 99 减 20';
 * no minimum → '立减 20'; { kind: 'percent', ratePercent: 85, maxDiscountCents: 5000 } → '8.5 折（最多减 50）'
 */
export function couponLabel(c: CouponTermsText): string {
  if (c.kind === 'amount')
    return c.minSpendCents > 0
      ? `满 ${shortYuan(c.minSpendCents)} 减 ${shortYuan(c.amountCents)}`
      : `立减 ${shortYuan(c.amountCents)}`;
  const cap = c.maxDiscountCents ? `（最多减 ${shortYuan(c.maxDiscountCents)}）` : '';
  const min = c.minSpendCents > 0 ? `满 ${shortYuan(c.minSpendCents)} 享 ` : '';
  return `${min}${rateText(c.ratePercent)} 折${cap}`;
}

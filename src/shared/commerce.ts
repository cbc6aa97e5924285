/**
 * Commerce constants shared by the checkout island and the server (issue 11):
 * the purchase-terms version and text a member accepts before paying, the
 * unpaid-order lifetime and the order states. Messages: messages/commerce.ts.
 */
import { formatAmount } from './format.ts';
import { COMMERCE_MSG } from './messages/commerce.ts';

/** The version of the purchase terms shown at checkout; an order records the one accepted. */
export const PURCHASE_TERMS_VERSION = '2026-11-24';

/** What the member accepts before paying (the checkout shows it verbatim). */
export const PURCHASE_TERMS = [
  '数字内容（课程视频、直播回放、资料）在支付成功后立即开通，开通后不支持退款。',
  '实物套件在发货前可申请取消订单并原路退款；发货后如有质量问题请联系客服。',
  '购买的内容仅限本人学习使用，不得转让、转售或公开传播。',
  '支付以支付平台确认到账为准；订单创建后 30 分钟内未支付将自动关闭。',
];

/** Minutes an unpaid order stays payable. */
export const ORDER_TTL_MINUTES = 30;

/** orders.status */
export const ORDER_STATUS = {
  unpaid: 0,
  paid: 1,
  paidGoods: 2,
  closed: 3,
  refunded: 4,
} as const;

/**
 * Who made an order event, in Chinese: 'member:12' → '会员 #12', 'admin:1' → '管理员 #1',
 * 'platform:alipay' → '支付宝通知', 'query:wechat' → '微信支付查单', 'system' → '系统'.
 */
export function orderActorText(actor: string): string {
  const [kind, rest = ''] = actor.split(':', 2) as [string, string?];
  const pay: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };
  switch (kind) {
    case 'system':
      return '系统';
    case 'member':
      return `会员 #${rest}`;
    case 'admin':
      return `管理员 #${rest}`;
    case 'platform':
      return `${pay[rest] ?? '支付平台'}通知`;
    case 'query':
      return `${pay[rest] ?? '支付平台'}查单`;
    default:
      return '其他';
  }
}

/** What an order view carries of its price (issue 27): the list price, an offer, a coupon. */
export interface PriceParts {
  listPriceCents: number;
  /** 'limited' 限时特惠, 'first_order' 新人首单价, or null. */
  offerKind: string | null;
  /** The offer's price (before the coupon); null without an offer. */
  offerPriceCents: number | null;
  /** The coupon's discount (0 without one). */
  discountCents: number;
}

const OFFER_NAME: Record<string, string> = {
  limited: COMMERCE_MSG.offer.limited,
  first_order: COMMERCE_MSG.offer.firstOrder,
  vip: COMMERCE_MSG.offer.vip,
  group: COMMERCE_MSG.offer.group,
};

/** An offer kind's name: 'limited' → 限时特惠. */
export const offerName = (kind: string): string => OFFER_NAME[kind] ?? kind;

/**
 * How an order's price was reached, or null when it is the list price:
 * 原价 ¥199.00，限时特惠 ¥99.00，优惠券减 ¥20.00 (the coupon named when given).
 */
export function priceBreakdown(p: PriceParts, couponName?: string | null): string | null {
  const yuan = formatAmount;
  const parts = [`原价 ${yuan(p.listPriceCents)}`];
  if (p.offerKind && p.offerPriceCents !== null)
    parts.push(`${offerName(p.offerKind)} ${yuan(p.offerPriceCents)}`);
  if (p.discountCents > 0) parts.push(`${couponName ?? '优惠券'}减 ${yuan(p.discountCents)}`);
  return parts.length > 1 ? parts.join('，') : null;
}

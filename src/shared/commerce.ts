/**
 * Commerce texts and constants shared by the checkout island and the server
 * (issue 11): the purchase-terms version a member accepts before paying,
 * the unpaid-order lifetime, and every message a buyer can see.
 */

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

export const ORDER_STATUS_TEXT: Record<number, string> = {
  0: '待支付',
  1: '已支付',
  2: '已支付',
  3: '已关闭',
  4: '已退款',
};

export const PAY_METHOD_TEXT: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

export const COMMERCE_MSG = {
  courseMissing: '课程不存在或已下线',
  free: '该课程免费，无需购买',
  owned: '您已购买该课程，可直接学习',
  termsOutdated: '购买条款已更新，请刷新页面后重新阅读并确认',
  termsRequired: '请先阅读并同意购买条款',
  addressRequired: '实物套件需要填写收货地址',
  addressInvalid: '请填写完整的收货人、手机号和详细地址',
  orderMissing: '订单不存在',
  notPayable: '该订单已支付或已关闭，无法支付',
  expired: '订单已超时关闭，请重新下单',
  methodUnavailable: '暂不支持该支付方式',
  payStartFailed: '支付平台暂时无法创建订单，请稍后再试',
  cannotCancel: '只有待支付的订单可以取消',
  tooMany: '操作过于频繁，请稍后再试',
} as const;

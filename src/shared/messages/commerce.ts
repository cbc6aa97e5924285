/**
 * Commerce texts the checkout island, the order pages and the server share
 * (issue 11): every message a buyer can see, and the names of order states
 * and pay methods. The server-only ones are in services/commerce/messages.ts.
 */
export const COMMERCE_MSG = {
  courseMissing: '课程不存在或已下线',
  free: '该课程免费，无需购买',
  owned: '您已购买该课程，可直接学习',
  termsOutdated: '购买条款已更新，请刷新页面后重新阅读并确认',
  termsRequired: '请先阅读并同意购买条款',
  addressRequired: '实物套件需要填写收货地址',
  addressInvalid: '请填写完整的收货人、手机号和详细地址',
  addressTooLong: '收货地址过长',
  orderCreated: '下单成功',
  orderCancelled: '订单已取消',
  orderMissing: '订单不存在',
  notPayable: '该订单已支付或已关闭，无法支付',
  expired: '订单已超时关闭，请重新下单',
  methodUnavailable: '暂不支持该支付方式',
  payStartFailed: '支付平台暂时无法创建订单，请稍后再试',
  cannotCancel: '只有待支付的订单可以取消',
  /** 申请取消 of a paid kit before shipping (issue 27): the member's form and the states. */
  cancelRequest: {
    done: '取消申请已提交，请等待处理',
    reasonRequired: '请填写取消原因',
    reasonTooLong: '取消原因不能超过 200 个字',
    requested: '申请取消中',
    refunded: '已退款',
    /** 已拒绝（reason）. */
    refused: '已拒绝（{{reason}}）',
    /** The console's refusal form. */
    refusalRequired: '请填写拒绝原因',
    refusedDone: '已拒绝取消申请',
  },
  /** Coupons (issue 27): the checkout's refusals, 领券 and 我的优惠券. */
  coupon: {
    missing: '优惠券不存在',
    notMine: '该优惠券不属于您的账户',
    notStarted: '优惠券尚未到可用时间',
    expired: '优惠券已过期',
    used: '优惠券已使用',
    held: '优惠券已用于其他待支付订单，取消该订单后可再次使用',
    scope: '该优惠券不适用于此课程',
    /** 订单金额未满 ¥99.00，不能使用该优惠券 */
    minSpend: '订单金额未满 {{min}}，不能使用该优惠券',
    openOrder: '该课程已有待支付订单，请先支付或取消该订单再更换优惠券',
    claimed: '领取成功',
    soldOut: '优惠券已领完',
    /** 每人限领 1 张，您已领取 */
    limit: '每人限领 {{n}} 张，您已领取',
    notClaimable: '该优惠券不可领取',
    ended: '优惠券活动已结束',
    none: '不使用优惠券',
  },
  /** Offer prices on a course (issue 27): their names and the checkout's refusal. */
  offer: {
    limited: '限时特惠',
    firstOrder: '新人首单价',
    vip: '会员价',
    group: '拼团价',
    /** The countdown of a limited offer: 距结束 2 天 03:12:45. */
    endsIn: '距结束',
    startsIn: '距开始',
    firstOrderNote: '未在本站付费购买过的会员，首单可享',
    firstOrderTaken:
      '新人首单价只能用于一个订单，您已有使用首单价的订单，请刷新页面后按当前价格下单',
  },
  /** The console's refund call. */
  refunded: '退款成功',
  /** The console's ship call, and a shipped order's status there. */
  shipped: '已发货',
  /** The console's ship form: the API refuses with these, the console checks the same. */
  delivery: {
    courier: '请选择快递公司',
    number: '请输入正确的快递单号',
  },
  /** The console's refund form. */
  refund: {
    reason: '请填写退款原因',
  },
  /** The redemption form (island) and the console's code batches. */
  redeem: {
    empty: '请输入兑换码',
    done: '兑换成功，课程已开通',
    created: '兑换码已生成',
  },
  /** A code's state in a batch's CSV, and the console's answers and cells. */
  codeCsv: {
    voided: '已作废',
    noExpiry: '长期有效',
  },
  /** orders.status → its name. */
  orderStatus: {
    0: '待支付',
    1: '已支付',
    2: '已支付',
    3: '已关闭',
    4: '已退款',
  } as Record<number, string>,
  payMethod: { wechat: '微信支付', alipay: '支付宝' } as Record<string, string>,
  /** pay_records.status → its name (the member's 支付记录 and the console's order detail). */
  payState: {
    pending: '待确认',
    success: '支付成功',
    closed: '已关闭',
    failed: '支付失败',
    refunded: '已退款',
  } as Record<string, string>,
  /** order_events.type → what happened, in the console's order log. */
  orderEvent: {
    created: '下单',
    paid: '支付成功',
    shipped: '发货',
    paid_twice: '重复支付',
    payment_started: '发起支付',
    payment_rejected: '支付通知未通过校验',
    cancelled: '会员取消',
    expired: '超时关闭',
    redeemed: '兑换码开通',
    coupon_returned: '优惠券退回',
    coupon_retaken: '优惠券重新占用',
    coupon_reused: '优惠券已被其他订单使用',
    refund_requested: '发起退款',
    refunded: '退款成功',
    cancel_requested: '会员申请取消',
    cancel_approved: '同意取消申请',
    cancel_refused: '拒绝取消申请',
  } as Record<string, string>,
  /** refunds.status → its name. */
  refundState: {
    processing: '退款中',
    success: '退款成功',
    failed: '退款失败',
  } as Record<string, string>,
} as const;

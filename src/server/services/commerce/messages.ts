import { COMMERCE_MSG as SHARED } from '../../../shared/messages/commerce.ts';

/**
 * The commerce domain's messages: the buyer's (shared with the checkout
 * island) and the server's own (shipping, redemption codes, refunds,
 * payment notifications, the console's order views).
 */
export const COMMERCE_MSG = {
  ...SHARED,
  /** The order tabs of the user centre (spec 7: /api/order/queryByType). */
  orderTab: { all: '全部', unpaid: '待支付', paid: '已支付', closed: '已关闭' },
  /** What the payer's wallet shows as the payment's description. */
  payDescription: '芯学堂-{{title}}',
  /** What became of a payment notification (kept with it for the operator). */
  notify: {
    unknownTrade: '未知的商户订单号',
    merchantMismatch: '商户号不符',
    amountMismatch: '金额不符',
    handled: '已处理',
    paidTwice: '订单已支付，本次支付待退款',
    paid: '支付成功',
  },
  /** deliveryStr of a shipped and an awaiting item (spec 4). */
  deliveryShipped: '已发货 {{courier}} {{number}}',
  deliveryAwaiting: '待发货',
  delivery: {
    ...SHARED.delivery,
    notGoods: '只有已支付的实物订单可以发货',
    notShipped: '订单尚未发货',
    trackingFailed: '物流信息暂时无法查询，请稍后再试',
  },
  redeem: {
    ...SHARED.redeem,
    unknown: '兑换码不存在，请检查后重新输入',
    used: '该兑换码已被使用',
    expired: '该兑换码已过期',
    voided: '该兑换码已作废',
    owned: '您已拥有该课程，无需兑换',
    tooMany: '兑换尝试过于频繁，请 1 小时后再试',
    count: '每批可生成 1–1000 个兑换码',
    validDays: '有效天数须为1到3650的整数',
  },
  refund: {
    ...SHARED.refund,
    notPaid: '只有已支付的订单可以退款',
    noPayment: '该订单没有可退款的支付记录',
    inProgress: '该订单正在退款中',
    failed: '支付平台拒绝了退款，请稍后重试',
  },
  cancelRequest: {
    ...SHARED.cancelRequest,
    notKit: '只有实物套件订单可以申请取消',
    unpaid: '待支付的订单请直接取消',
    shipped: '订单已发货，无法申请取消',
    already: '已提交过取消申请',
    notPaid: '只有已支付、待发货的订单可以申请取消',
    decided: '该取消申请已处理',
    blocksShipping: '该订单有待处理或已同意的取消申请，不能发货',
    /** 我的消息 notices. */
    category: '系统公告',
    requestedTitle: '订单取消申请已提交：{{title}}',
    requestedBody: '您对订单 {{orderNo}} 的取消申请已提交（原因：{{reason}}），状态：申请取消中。',
    approvedTitle: '订单已退款：{{title}}',
    approvedBody: '您对订单 {{orderNo}} 的取消申请已通过，{{amount}} 已原路退款，状态：已退款。',
    refusedTitle: '订单取消申请未通过：{{title}}',
    refusedBody: '您对订单 {{orderNo}} 的取消申请已拒绝（{{reason}}），套件将照常发货。',
    refundReason: '会员申请取消：{{reason}}',
  },
  /** 我的消息 of an invitation's reward (codes/invite-rewards.ts). */
  inviteReward: {
    category: '活动通知',
    title: '邀请奖励：《{{course}}》课程兑换码',
    inviterBody:
      '您邀请的好友已完成注册，送您一张《{{course}}》课程兑换码：{{code}}，{{days}} 天内有效。',
    inviteeBody:
      '欢迎通过好友邀请加入芯学堂，送您一张《{{course}}》课程兑换码：{{code}}，{{days}} 天内有效。',
    link: '去兑换',
    /** 邀请券 (coupons marked on_invite), in the same notice or alone. */
    couponTitle: '邀请奖励：优惠券已到账',
    inviterCoupons: '您邀请的好友已完成注册，送您优惠券：{{names}}，购买课程时可在结算页选用。',
    inviteeCoupons: '欢迎通过好友邀请加入芯学堂，送您优惠券：{{names}}，购买课程时可在结算页选用。',
    couponLink: '查看我的优惠券',
  },
  /** 我的消息 of the rule coupons a new member gets (coupons/register-coupons.ts). */
  registerCoupons: {
    category: '活动通知',
    title: '新人专享优惠券已到账',
    body: '欢迎加入芯学堂，送您新人专享优惠券：{{names}}，购买课程时可在结算页选用。',
    link: '查看我的优惠券',
  },
  /** The console's coupon forms and calls (coupons/manage-coupons.ts). */
  couponAdmin: {
    ...SHARED.coupon,
    name: '请填写优惠券名称（1–30 个字）',
    kind: '请选择优惠券类型',
    amount: '减免金额须为 0.01 到 10000 元',
    rate: '折扣须在 1 折到 9.9 折之间（如 8.5 折填 85）',
    cap: '最高减免金额须为 0.01 到 10000 元',
    minSpend: '使用门槛须为 0 到 100000 元',
    amountOverMin: '满减券的减免金额不能超过使用门槛',
    window: '请设置有效期：固定起止时间，或领取后有效天数',
    windowOrder: '有效期结束时间须晚于开始时间',
    days: '领取后有效天数须为 1 到 365 的整数',
    total: '发放总量须为 1 到 100000 的整数',
    totalBelowIssued: '发放总量不能少于已发放的 {{n}} 张',
    perMember: '每人限领须为 1 到 10 的整数',
    scope: '请选择适用范围',
    courses: '请至少选择一门指定课程',
    courseMissing: '指定课程不存在：{{ids}}',
    state: '状态只能是草稿、发放中或已停用',
    backToDraft: '已发放的优惠券不能改回草稿',
    termsLocked: '优惠券已发放，不能再修改优惠规则、门槛和适用范围',
    stopped: '优惠券已停用',
    notIssuable: '只有发放中的优惠券可以发放',
    mobiles: '请填写会员手机号（每行一个，最多 200 个）',
    issued: '已发放 {{n}} 张',
    issueDone: '发放完成',
    unknownMember: '未找到该手机号的会员',
    created: '优惠券已创建',
    saved: '优惠券已保存',
  },
  /** The console's offer prices (offers/manage-offers.ts). */
  offerAdmin: {
    course: '请选择课程',
    courseMissing: '课程不存在',
    courseFree: '免费课程不能设置优惠价',
    kind: '请选择优惠类型：限时特惠或新人首单价',
    price: '优惠价须为 0.01 元以上、低于课程原价 {{list}}',
    window: '限时特惠须设置开始和结束时间',
    windowOrder: '结束时间须晚于开始时间',
    time: '时间格式不正确',
    duplicate: '该课程已有一个{{kind}}，请编辑原有的那个',
    missing: '优惠价不存在',
    kindLocked: '优惠类型不能修改，请删除后重新创建',
    priceRequired: '请填写优惠价',
    saved: '优惠价已保存',
    deleted: '优惠价已删除',
  },
  /** The operator's CSV of a redemption-code batch. */
  codeCsv: {
    ...SHARED.codeCsv,
    header: ['兑换码', '课程', '状态', '使用者手机', '使用时间', '有效期至', '生成时间'],
    used: '已使用',
    unused: '未使用',
    filename: '兑换码-{{batch}}.csv',
    batchMissing: '兑换码批次不存在',
  },
} as const;

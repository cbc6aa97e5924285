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

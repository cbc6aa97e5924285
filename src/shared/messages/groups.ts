/** Group buying (拼团, issue 27): every text a buyer, the group page, the console and the server share. */
export const GROUP_MSG = {
  name: '拼团',
  offerMissing: '该课程暂无拼团活动',
  offerClosed: '拼团活动未开始或已结束',
  kit: '实物套件课程不参加拼团',
  groupMissing: '拼团不存在',
  full: '该团已满员，可以发起一个新团',
  ended: '该团已结束，可以发起一个新团',
  joined: '你已参加该团，可在「我的订单」查看',
  openOrder: '你有该课程的未支付订单，请先支付或取消后再参加拼团',
  opened: '开团成功，请在 30 分钟内完成支付',
  joinedNow: '参团成功，请在 30 分钟内完成支付',
  /** 我的消息. */
  category: '拼团通知',
  fullTitle: '拼团成功：{{course}}',
  fullBody: '你参加的「{{course}}」{{size}} 人团已成团，课程已开通，现在就可以开始学习。',
  failedTitle: '拼团未成功，已自动退款：{{course}}',
  failedBody:
    '你参加的「{{course}}」拼团在截止时间前未凑满 {{size}} 人，已支付的 {{amount}} 已原路退回，请留意支付账户的退款通知。',
  refundReason: '拼团未成团，自动退款',
  /** The group's state, as the group page and the console name it. */
  state: { open: '拼团中', full: '已成团', failed: '未成团' } as Record<string, string>,
  /** The console. */
  admin: {
    course: '请选择课程',
    courseFree: '免费课程不能设置拼团',
    price: '拼团价须为 0.01 元以上、低于课程原价 {{list}}',
    size: '成团人数须为 2 到 10 的整数',
    hours: '成团时限须为 1 到 168 小时的整数',
    window: '结束时间须晚于开始时间',
    duplicate: '该课程已有拼团活动，请编辑原有的那个',
    missing: '拼团活动不存在',
    saved: '拼团活动已保存',
    time: '请选择正确的时间',
    state: '状态须为进行中或已停止',
    inUse: '该拼团活动已有团，不能删除，可以停止它',
    courseLocked: '该拼团活动已有团，不能更换课程',
    deleted: '拼团活动已删除',
    /** group_offers.state → its name. */
    offerState: { active: '进行中', stopped: '已停止' } as Record<string, string>,
    /** buy_group_seats.state → its name. */
    seatState: {
      held: '待支付',
      paid: '已支付',
      released: '已释放',
      refunded: '已退款',
    } as Record<string, string>,
  },
} as const;

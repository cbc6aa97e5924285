/** VIP membership texts (issue 27): the VIP page, the header, the user centre, the console, the server. */
export const VIP_MSG = {
  planMissing: '会员套餐不存在或已停售',
  courseFree: '会员免费学习该课程，无需购买',
  orderOpen: '您有一个未支付的会员订单，请先支付或取消',
  orderCreated: '下单成功',
  /** The user centre and the header. */
  active: '会员有效期至 {{date}}',
  expired: '会员已于 {{date}} 到期',
  none: '您还不是会员',
  badge: 'VIP',
  renew: '续费会员',
  join: '开通会员',
  /** The benefits as the VIP page lists them. */
  benefitFree: '{{n}} 门课程会员免费学',
  benefitRate: '其他付费课程享会员价 {{rate}} 折',
  benefitDownloads: '每月可下载 {{n}} 份付费课程资料',
  benefitNoAds: '浏览全站无广告',
  /** 我的消息. */
  category: '会员通知',
  paidTitle: '会员开通成功',
  paidBody: '您已开通{{plan}}，会员有效期至 {{date}}。',
  remindTitle: '您的会员即将到期',
  remindBody:
    '您的会员将于 {{date}} 到期，到期后会员免费课程将无法继续学习。续费后有效期从原到期日顺延。',
  remindLink: '立即续费',
  /** The download quota. */
  quotaUsed: '本月会员下载次数已用完（每月 {{n}} 次），下月 1 日恢复',
  /** The console. */
  admin: {
    name: '请填写套餐名称（20 字以内）',
    days: '有效天数须为 1 到 3660 的整数',
    price: '售价须为 0.01 元以上',
    listPrice: '划线价须高于售价',
    state: '状态只能是在售或停售',
    rate: '会员价折扣须为 10 到 100 之间的整数（100 表示不打折）',
    downloads: '每月下载次数须为 0 到 1000 的整数',
    freeCourse: '会员免费课程须为已上架的付费课程，且不能是实物套件：{{ids}}',
    planMissing: '会员套餐不存在',
    planSaved: '会员套餐已保存',
    benefitsSaved: '会员权益已保存',
  },
} as const;

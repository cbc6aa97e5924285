/** The ads domain's messages: the console's calls. */
export const ADS_MSG = {
  missing: '广告不存在',
  slot: '广告位无效',
  kind: '广告类型无效',
  image: '图片广告需要图片地址',
  script: '代码广告需要广告代码',
  video: '视频广告需要视频地址',
  window: '结束时间须晚于开始时间',
  timeInvalid: '时间格式无效',
  scriptTooLong: '广告代码不能超过20000个字',
} as const;

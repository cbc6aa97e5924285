import { ADS_MSG as SHARED } from '../../../shared/messages/ads.ts';

/** The ads domain's messages: the console's calls (those its form shows too are shared). */
export const ADS_MSG = {
  ...SHARED,
  missing: '广告不存在',
  slot: '广告位无效',
  kind: '广告类型无效',
  window: '结束时间须晚于开始时间',
  timeInvalid: '时间格式无效',
  scriptTooLong: '广告代码不能超过20000个字',
  /** spec 7 roll_image/list: order_filed names the one field ads are sorted by. */
  orderField: '排序字段只能是 display_order',
} as const;

/** The analytics domain's messages: recording page views and ad events, the reports. */
export const ANALYTICS_MSG = {
  badPath: '页面路径无效',
  badReferrer: '来源地址过长',
  badAd: '广告不存在',
  badDay: '日期格式应为 YYYY-MM-DD',
  tooMany: '记录过于频繁，请稍后再试',
  dashboardTooLong: '最多查看{{n}}天的数据',
} as const;

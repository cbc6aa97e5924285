/**
 * Ad texts the browser shows too (the console's ad form); the server's are
 * in services/ads/messages.ts.
 */
export const ADS_MSG = {
  /** The ad form: the API refuses with these, the console checks the same. */
  image: '图片广告需要图片地址',
  script: '代码广告需要广告代码',
  video: '视频广告需要视频地址',
} as const;

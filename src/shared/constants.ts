/**
 * Every constant of spec sections 3 and 9, and nowhere else.
 * Sizes are CSS pixels; times are as the spec states them.
 */

/** Ad slot types (spec 3). */
export const AD_TYPE = {
  carousel: 1,
  topBanner: 2,
  leftSkyscraper: 3,
  rightSkyscraper: 4,
  window: 5,
  centrePopup: 7,
  indexLeft: 50,
  indexRight: 60,
  indexBanner: 70,
  footerBanner: 75,
  contentTop: 80,
  contentRight: 90,
} as const;
export type AdSlotType = (typeof AD_TYPE)[keyof typeof AD_TYPE];

/** The ad types requested on every page, in the spec's order (spec 9). */
export const AD_TYPES_REQUESTED = [1, 2, 3, 4, 5, 7, 50, 60, 70, 80, 90, 75] as const;

/** Kinds of ad creative: '1' image, '2' script in a frame, '3' video (spec 3). */
export const AD_KIND = { image: '1', script: '2', video: '3' } as const;
export type AdKind = (typeof AD_KIND)[keyof typeof AD_KIND];

/** Reserved sizes of ad and media slots (spec 9). */
export const SLOT_SIZE = {
  topBannerHeight: 60,
  footerBannerHeight: 100,
  sideAdVideo: { width: 180, height: 100 },
  windowAd: { width: 250, height: 250 },
  centreAd: { width: 600, height: 360 },
  floatingVideo: { width: 250, offset: 100 },
} as const;

/** Timings of spec 9. */
export const TIMING = {
  codeResendSeconds: 60,
  centreAdIntervalMs: 4 * 60 * 60 * 1000,
  centreAdAutoCloseSeconds: 10,
  adScriptFillDelayMs: 500,
  chunkLoadTimeoutMs: 120_000,
  uploadTimeoutMs: 50_000,
  tokenCookieDays: 3,
} as const;

export const LIMITS = {
  smsCodeLength: 4,
  passwordMin: 6,
  liveRecommendKept: 4,
  backToTopAfter: 100,
  /** Longest comment, in characters (code points). */
  commentMax: 500,
  /** Longest live chat message and question answer (issue 26), in characters (code points). */
  liveChatMax: 200,
  liveAnswerMax: 500,
} as const;

/** Default phone area code (spec 5, 9). */
export const DEFAULT_AREA_NUM = '86';

/** Phone area-code options (spec 3). */
export const AREA_CODES = [
  '86',
  '852',
  '853',
  '886',
  '65',
  '60',
  '672',
  '1',
  '39',
  '33',
  '81',
] as const;

/** List filter types: 1 recommended, 2 newest, 3 hot (spec 4, 9). */
export const FILTER_TYPE = { recommended: 1, newest: 2, hot: 3 } as const;
export const FILTER_TYPES = [1, 2, 3] as const;
export type FilterType = (typeof FILTER_TYPE)[keyof typeof FILTER_TYPE];

/** Course type whose items are shipped goods with courier tracking (spec 3). */
export const ORDER_COURSE_TYPE = 4;

/** Course types (spec 3) as forms offer them: 1 video, 2 live, 3 exam, 4 kit (ORDER_COURSE_TYPE). */
export const COURSE_TYPES: { value: number; label: string }[] = [
  { value: 1, label: '视频课程' },
  { value: 2, label: '直播课程' },
  { value: 3, label: '考试认证' },
  { value: 4, label: '实物套件' },
];

/** Targets that comments, favourites and likes can name. */
export const TARGET_TYPES = ['article', 'course', 'live', 'video', 'shortvideo'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Product-type options, a profile choice (spec 3: 17 options). */
export const PRODUCT_TYPES = [
  '音视频',
  '汽车电子',
  '通信',
  '计算',
  '能源',
  '严苛环境',
  '工业',
  '仪器仪表',
  '照明',
  '创客',
  '医疗',
  '电机控制',
  '电源',
  '机器人',
  '传感',
  '用户界面',
  '无线',
] as const;

/**
 * Job-role options, a profile choice (spec 3: 20 options, "from component
 * engineer to student and marketing and sales"; the middle of the list is not
 * given, so it is completed with roles of the same audience).
 */
export const JOB_ROLES = [
  '元器件工程师',
  '硬件工程师',
  '嵌入式软件工程师',
  '软件工程师',
  '射频工程师',
  '电源工程师',
  '模拟电路工程师',
  '数字电路/FPGA工程师',
  '测试工程师',
  '系统架构师',
  '工艺/生产工程师',
  '质量工程师',
  '研发经理',
  '项目经理',
  '采购',
  '技术支持/FAE',
  '企业管理者',
  '教师/研究人员',
  '学生',
  '市场与销售',
] as const;

/** Session token lifetime (spec 9: token cookie, 3 days). */
export const SESSION_TTL_MS = TIMING.tokenCookieDays * 24 * 60 * 60 * 1000;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'xxt_token';

/**
 * A script-readable companion of the session cookie: '1' while a login is
 * held, same domain and expiry, no secret in it. It tells pages on every host
 * sharing the parent-domain login (main site and partner zones) that a member
 * is logged in, while the token itself stays HttpOnly.
 */
export const PRESENCE_COOKIE = 'xxt_in';

/** Local-storage keys of what the spec copies there (spec 3). */
export const STORAGE_KEYS = {
  mobile: 'mobile',
  avatar: 'avatar',
  companyId: 'companyId',
  centreAdShownAt: 'centreAdShownAt',
  /** Until when (ms) this browser's member is VIP with ads hidden (issue 27); read before paint. */
  noAdsUntil: 'noAdsUntil',
} as const;

/** Default page size of paginated lists (the spec leaves page sizes open). */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Items a page of each public list shows (the spec leaves page sizes open): articles carry a
 * cover, so fewer than the default; courses fill four rows of three, short videos four of four.
 * The static export writes each list page by page with the same sizes.
 */
export const LIST_PAGE_SIZE = { articles: 15, courses: 12, shortVideos: 16 } as const;

/**
 * Every constant of spec sections 3 and 9, and nowhere else, but for the option lists that
 * only forms offer (forms/options.ts): the layout's script on every page loads this module, so
 * it keeps to small values. Sizes are CSS pixels; times are as the spec states them.
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

/** List filter types: 1 recommended, 2 newest, 3 hot (spec 4, 9). */
export const FILTER_TYPE = { recommended: 1, newest: 2, hot: 3 } as const;
export const FILTER_TYPES = [1, 2, 3] as const;
export type FilterType = (typeof FILTER_TYPE)[keyof typeof FILTER_TYPE];

/** Course type whose items are shipped goods with courier tracking (spec 3). */
export const ORDER_COURSE_TYPE = 4;

/** Targets that comments, favourites and likes can name. */
export const TARGET_TYPES = ['article', 'course', 'live', 'video', 'shortvideo'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

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

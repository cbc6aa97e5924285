/**
 * Every URL of the site, built in one place. Every public page has a canonical
 * path form (issue 25: a static export is served by any CDN or bucket, which
 * maps paths to files and ignores queries); the spec's query forms
 * (/articledetail?id=, /livedetail?id=, /articlelist?classifyId=&page=, ...)
 * answer 301 to it. Only searches stay queries: they are not exported.
 */
const q = (params: Record<string, string | number | undefined | null>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : '';
};

/** One `/<key>/<value>` step of a path filter, nothing when the value is absent. */
const seg = (key: string, value: number | undefined): string =>
  value === undefined ? '' : `/${key}/${value}`;
const pageSeg = (page: number | undefined): string => (page && page > 1 ? `/page/${page}` : '');

export const urls = {
  home: () => '/',
  dataDownload: () => '/#data-download',
  /**
   * The resources list (issue 24), filters and page in the path so each is one cached page:
   * resources({ courseId: 3, type: 'pdf', page: 2 }) → '/resources/course/3/type/pdf/page/2'
   */
  resources: (p: { courseId?: number; type?: string; page?: number } = {}) =>
    `/resources${p.courseId ? `/course/${p.courseId}` : ''}${p.type ? `/type/${encodeURIComponent(p.type.toLowerCase())}` : ''}${p.page && p.page > 1 ? `/page/${p.page}` : ''}`,
  /** One resource's entry on the list: redirects to its page of /resources, at its line. */
  resource: (id: number) => `/resources/item/${id}`,
  /** articles({ classifyId: 5, secondClassifyId: 7, type: 2, page: 3 }) → '/articles/c/5/s/7/t/2/page/3' */
  articles: (
    p: { classifyId?: number; secondClassifyId?: number; type?: number; page?: number } = {},
  ) =>
    `/articles${seg('c', p.classifyId)}${seg('s', p.secondClassifyId)}${seg('t', p.type)}${pageSeg(p.page)}`,
  article: (id: number) => `/article/${id}`,
  live: () => '/live',
  liveDetail: (id: number) => `/live/${id}`,
  exam: (id: number) => `/exam/${id}`,
  columns: () => '/column',
  bigColumn: (id: number) => `/bigcolumn/${id}`,
  column: (id: number) => `/column/${id}`,
  /**
   * The course list: courses({ labelId: 3, page: 2 }) → '/courses/label/3/page/2'; a title
   * search stays a query (not exported): courses({ word: 'x' }) → '/courselist?word=x'
   */
  courses: (p: { word?: string; labelId?: number | ''; page?: number } = {}) =>
    p.word
      ? `/courselist${q({ word: p.word, labelId: p.labelId, page: p.page && p.page > 1 ? p.page : undefined })}`
      : `/courses${seg('label', p.labelId || undefined)}${pageSeg(p.page)}`,
  /** The course search form's target (its `word` is a query). */
  courseSearch: () => '/courselist',
  course: (id: number) => `/course/${id}`,
  learningTools: () => '/learningtools',
  /** 学习路线 (issue 28): the list and one path, path(3) → '/path/3'. */
  paths: () => '/paths',
  path: (id: number) => `/path/${id}`,
  /** 项目挑战 (issue 28): the list and one challenge, challenge(2) → '/challenge/2'. */
  challenges: () => '/challenges',
  challenge: (id: number) => `/challenge/${id}`,
  /** A member's public page (个人主页: badges, accepted work, articles, IP 属地): member(7) → '/member/7'. */
  member: (id: number) => `/member/${id}`,
  search: (word: string, p: { type?: string; page?: number } = {}) =>
    `/searchlist${q({ word, type: p.type, page: p.page && p.page > 1 ? p.page : undefined })}`,
  /** shortVideos({ type: 2, page: 3 }) → '/shortvideo/t/2/page/3' */
  shortVideos: (p: { type?: number; page?: number } = {}) =>
    `/shortvideo${seg('t', p.type)}${pageSeg(p.page)}`,
  shortVideo: (id: number) => `/short/${id}`,
  /** The home page's 精选视频 section. */
  featuredVideos: () => '/#videos',
  video: (id: number) => `/video/${id}`,
  about: (index = 0) => `/aboutus${index ? `/${index}` : ''}`,
  terms: () => '/termofservice',
  privacy: () => '/privacypolicy',
  register: (code?: string) => `/regeister${q({ code })}`,
  smsPhone: () => '/smsphonenumber',
  forgetPassword: () => '/forgetpass',
  userCenter: (tab?: string) => (tab ? `/usercenter/${tab}` : '/usercenter'),
  notifications: () => '/notification',
  notification: (id: number) => `/notificationdetail?id=${id}`,
  payRecords: () => '/payrecord',
  /** VIP membership: the cards and what they give (public). */
  vip: () => '/vip',
  /** A group (拼团) by its share code: answered by the app only (see onApp). */
  group: (code: string) => `/group/${code}`,
  redemption: () => '/redemptioncode',
  safety: () => '/safesetting',
  companyZone: (domain: string) => `https://${domain}/`,
  /** A resource's counted download (answered by the app only: see onApp). */
  download: (id: number) => `/download/${id}`,
  checkout: (p: { courseId?: number; orderNo?: string }) => `/checkout${q(p)}`,
} as const;

/**
 * A page only the app answers (a download, the checkout: per member, never exported), on the
 * API origin when API_ORIGIN is set, so a static export's link reaches an instance instead of
 * a 404 on the CDN: onApp('https://api.x.cn', '/download/3') → 'https://api.x.cn/download/3'
 */
export const onApp = (apiOrigin: string | undefined, path: string): string =>
  `${apiOrigin ?? ''}${path}`;

/**
 * The start of a path on this site, as a RegExp source: one slash, not followed by a slash or
 * a backslash (browsers read `/\evil.example` as `//evil.example`, another host; tabs and line
 * breaks inside a URL are dropped first, so `/\t/x` is `//x` too). Every check that lets a
 * stored address be "on the site" starts with it.
 */
export const SITE_PATH_START = String.raw`\/(?![\t\n\r]*[/\\])`;

/** Addresses that are a site path or https: onSiteOrHttps('/about') → true, '/\\evil' → false */
export const ON_SITE_OR_HTTPS = new RegExp(`^(https:\\/\\/|${SITE_PATH_START})`, 'i');

/** Whether a link or image address leaves for another host while looking like a path ('/\\x', '\\\\x'). */
export function isRoundabout(url: string): boolean {
  return /^[\s]*[/\\][\t\n\r]*[/\\]/.test(url) || /^[\s]*\\/.test(url);
}

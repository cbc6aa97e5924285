/**
 * Every URL of the site, built in one place. Detail pages have a canonical
 * path form; the spec's query forms (/articledetail?id=) redirect to it.
 */
const q = (params: Record<string, string | number | undefined | null>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : '';
};

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
  articles: (
    p: { classifyId?: number; secondClassifyId?: number; type?: number; page?: number } = {},
  ) =>
    `/articlelist${q({ classifyId: p.classifyId, secondClassifyId: p.secondClassifyId, type: p.type, page: p.page && p.page > 1 ? p.page : undefined })}`,
  article: (id: number) => `/article/${id}`,
  live: () => '/live',
  liveDetail: (id: number) => `/livedetail?id=${id}`,
  exam: (id: number) => `/exam?id=${id}`,
  columns: () => '/column',
  bigColumn: (id: number) => `/bigcolumn?id=${id}`,
  column: (id: number) => `/column/${id}`,
  courses: (p: { word?: string; labelId?: number | ''; page?: number } = {}) =>
    `/courselist${q({ word: p.word, labelId: p.labelId, page: p.page && p.page > 1 ? p.page : undefined })}`,
  course: (id: number) => `/course/${id}`,
  learningTools: () => '/learningtools',
  search: (word: string, p: { type?: string; page?: number } = {}) =>
    `/searchlist${q({ word, type: p.type, page: p.page && p.page > 1 ? p.page : undefined })}`,
  shortVideos: () => '/shortvideo',
  shortVideo: (id: number) => `/shortvideodetail?id=${id}`,
  /** The home page's 精选视频 section. */
  featuredVideos: () => '/#videos',
  video: (id: number) => `/videodetail?id=${id}`,
  about: (index = 0) => `/aboutus${index ? `?index=${index}` : ''}`,
  terms: () => '/termofservice',
  privacy: () => '/privacypolicy',
  register: (code?: string) => `/regeister${q({ code })}`,
  smsPhone: () => '/smsphonenumber',
  forgetPassword: () => '/forgetpass',
  userCenter: (tab?: string) => (tab ? `/usercenter/${tab}` : '/usercenter'),
  notifications: () => '/notification',
  notification: (id: number) => `/notificationdetail?id=${id}`,
  payRecords: () => '/payrecord',
  redemption: () => '/redemptioncode',
  safety: () => '/safesetting',
  companyZone: (domain: string) => `https://${domain}/`,
} as const;

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

/**
 * # site — what every page shares: notices, learning tools, partner companies and zones, feeds
 *
 * Words: notice (公告, with a notice category and an optional pop-up), learning tool (学习工具,
 * a calculator page), company (合作公司) and its zone (技术专区: the company's subdomain),
 * feed (sitemap, RSS). Avoid "announcement", "message" (a message is a member's personal
 * notice, see members), "tenant", "partner site".
 * Owns: notices, notice_categories, learning_tools, companies.
 * Leaves to others: which notices a member has read, deleted or seen pop up (members:
 * notice_receipts), the content a zone lists (read through articles, courses, live), ads
 * (ads), audit (audit).
 * Staff code: manage-notices.ts (notices and notice categories), manage-tools.ts,
 * manage-companies.ts.
 * Projections: public NoticeSummary, NoticeDetail, CompanyView, ZoneContent; staff AdminNoticeRow,
 * NoticeCategoryOption, AdminNoticeCategoryRow, AdminCompanyRow, AdminToolRow.
 */
export { SITE_MSG } from './messages.ts';
export { createTool, deleteTool, listAdminTools, updateTool } from './manage-tools.ts';
export {
  createCompany,
  deleteCompany,
  listAdminCompanies,
  updateCompany,
} from './manage-companies.ts';
export {
  createNotice,
  deleteNotice,
  listAdminNotices,
  noticeCategories,
  updateNotice,
  createNoticeCategory,
  deleteNoticeCategory,
  listAdminNoticeCategories,
  updateNoticeCategory,
} from './manage-notices.ts';
export { companyStatistics, getCompany, listCompanies, type CompanyView } from './companies.ts';
export {
  FEED_TAGS,
  STATIC_PATHS,
  publicContentPaths,
  rssItems,
  rssXml,
  sitemapUrls,
  sitemapXml,
} from './feeds.ts';
export {
  NOTICE_SUMMARY_COLUMNS,
  getNotice,
  listNoticeCategories,
  listNotices,
  toNoticeSummary,
  type NoticeDetail,
  type NoticeSummary,
} from './notices.ts';
export { insertPersonalNotice, type PersonalNoticeRow } from './personal-notice-rows.ts';
export { groupTools, listLearningTools } from './tools.ts';
export { zoneContent, zoneForHost, zoneHosts, type ZoneContent } from './zones.ts';

// Staff views the console reads (import type), named after what each call answers.
import type { listAdminCompanies } from './manage-companies.ts';
import type {
  listAdminNoticeCategories,
  listAdminNotices,
  noticeCategories,
} from './manage-notices.ts';
import type { listAdminTools } from './manage-tools.ts';
/** One row of GET /api/admin/company/list. */
export type AdminCompanyRow = Awaited<ReturnType<typeof listAdminCompanies>>[number];
/** One row of GET /api/admin/notice/list. */
export type AdminNoticeRow = Awaited<ReturnType<typeof listAdminNotices>>['list'][number];
/** One category of GET /api/admin/notice/categories (the notice form's select). */
export type NoticeCategoryOption = Awaited<ReturnType<typeof noticeCategories>>[number];
/** One row of GET /api/admin/notice/category/list. */
export type AdminNoticeCategoryRow = Awaited<ReturnType<typeof listAdminNoticeCategories>>[number];
/** One row of GET /api/admin/tool/list. */
export type AdminToolRow = Awaited<ReturnType<typeof listAdminTools>>[number];

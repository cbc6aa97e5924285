/**
 * The site domain.
 */
export { TOOL_TEXT, createTool, deleteTool, listAdminTools, updateTool } from './manage-tools.ts';
export {
  COMPANY_TEXT,
  createCompany,
  deleteCompany,
  listAdminCompanies,
  updateCompany,
} from './manage-companies.ts';
export {
  NOTICE_CATEGORY_TEXT,
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
export { FEED_TAGS, rssItems, rssXml, sitemapUrls, sitemapXml } from './feeds.ts';
export {
  getNotice,
  listNoticeCategories,
  listNotices,
  type NoticeDetail,
  type NoticeSummary,
} from './notices.ts';
export { groupTools, listLearningTools } from './tools.ts';
export { zoneContent, zoneForHost, type ZoneContent } from './zones.ts';

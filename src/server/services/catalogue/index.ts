/**
 * DOMAIN catalogue
 */
export {
  SIDE_LIST_SIZE,
  articleTags,
  getArticle,
  listArticles,
  listClassifies,
  listClassifyCounts,
  listClassifyTree,
  listIndexArticles,
  listRecommendedArticles,
  listRelatedArticles,
  listSecondClassifies,
  viewArticle,
  type ArticleSummary,
  type ClassifyTreeView,
  type FilterType,
} from './articles.ts';
export {
  columnTags,
  getBigColumn,
  getColumn,
  listColumnIndex,
  listColumns,
  listHotColumns,
  type ColumnView,
} from './columns.ts';
export { companyStatistics, getCompany, listCompanies, type CompanyView } from './companies.ts';
export {
  courseTags,
  getCourseDetail,
  listColumnCourses,
  listCourses,
  listRecommendedCourses,
  type CourseSummary,
} from './courses.ts';
export { FEED_TAGS, rssItems, rssXml, sitemapUrls, sitemapXml } from './feeds.ts';
export { getLabel, listLabels, type LabelView } from './labels.ts';
export { EMBED_SANDBOX, embedUrlOf } from './live-embed.ts';
export {
  LIVE_STATUSES,
  getLiveDetail,
  listLive,
  listLiveRecommend,
  liveStatus,
  liveTags,
  parseReserveForm,
  type LiveStatus,
  type LiveSummary,
  type ReserveField,
} from './live.ts';
export {
  getNotice,
  listNoticeCategories,
  listNotices,
  noticeTags,
  type NoticeDetail,
  type NoticeSummary,
} from './notices.ts';
export { downloadResponse, listResources, resourceTags } from './resources.ts';
export { getShortVideoDetail } from './short-video-detail.ts';
export { groupTools, listLearningTools, toolTags } from './tools.ts';
export {
  getShortVideo,
  listHotVideos,
  listRecommendedShortVideos,
  listShortVideos,
  listVideos,
  shortVideoTags,
  videoTags,
  type ShortVideoView,
} from './videos.ts';

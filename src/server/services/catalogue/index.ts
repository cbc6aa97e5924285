/**
 * The catalogue domain: everything a visitor reads (spec 2, 3, 7 catalogue and
 * article calls). Owns published articles and their classifies, big columns and
 * columns, courses and lessons as listed, live broadcasts as listed, index
 * videos and short videos, downloadable resources, learning tools, labels,
 * partner companies, site notices, and the sitemap and RSS feed.
 */
export {
  SIDE_LIST_SIZE,
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
} from './articles.ts';
export {
  getBigColumn,
  getColumn,
  listColumnIndex,
  listColumns,
  listHotColumns,
  type ColumnView,
} from './columns.ts';
export { companyStatistics, getCompany, listCompanies, type CompanyView } from './companies.ts';
export {
  getCourseDetail,
  listColumnCourses,
  listCourses,
  listRecommendedCourses,
  type CourseSummary,
} from './courses.ts';
export { FEED_TAGS, rssItems, rssXml, sitemapUrls, sitemapXml } from './feeds.ts';
export { getLabel, listLabels, type LabelView } from './labels.ts';
export {
  LIVE_STATUSES,
  getLiveDetail,
  listLive,
  listLiveRecommend,
  liveStatus,
  parseReserveForm,
  type LiveStatus,
  type LiveSummary,
  type ReserveField,
} from './live.ts';
export {
  getNotice,
  listNoticeCategories,
  listNotices,
  type NoticeDetail,
  type NoticeSummary,
} from './notices.ts';
export {
  DOWNLOAD_TEXT,
  downloadResponse,
  listResources,
  resourceName,
  resourceType,
} from './resources.ts';
export { getShortVideoDetail } from './short-video-detail.ts';
export { VIDEO_TARGET, viewVideo, type VideoDetail } from './video-detail.ts';
export { groupTools, listLearningTools } from './tools.ts';
export {
  getShortVideo,
  getVideo,
  listColumnVideos,
  listHotVideos,
  listRecommendedShortVideos,
  listShortVideos,
  listVideos,
  type ShortVideoView,
  type VideoView,
} from './videos.ts';
export { zoneContent, zoneForHost, type ZoneContent } from './zones.ts';

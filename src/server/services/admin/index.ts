/**
 * The admin domain: editorial work by staff (issue 3 freshness, issue 5 review).
 * Owns creating, editing and deleting editorial articles, courses and notices,
 * and the review of member submissions; every write refreshes the cached pages
 * and the search index it affects.
 */
export {
  ARTICLE_PUBLISH,
  publishScheduledArticle,
  unpublishArticle,
  createArticle,
  adminCourseDetail,
  createCourse,
  createNotice,
  deleteArticle,
  deleteCourse,
  deleteNotice,
  listAdminNotices,
  noticeCategories,
  updateArticle,
  updateCourse,
  updateNotice,
} from './content.ts';
export {
  articleClassifyTree,
  editorialArticleDetail,
  listEditorialArticles,
  type ArticleState,
  type EditorialRow,
} from './article-list.ts';
export {
  columnTree,
  listAdminCourses,
  listAdminLessons,
  listAdminLives,
  listAdminResources,
  type AdminCourseRow,
} from './learning-lists.ts';
export { REVIEW_TEXT, listPendingArticles, reviewArticle } from './review.ts';
export {
  LESSON_TEXT,
  createLesson,
  deleteLesson,
  reorderLessons,
  updateLesson,
  type LessonInput,
} from './lessons.ts';
export { LIVE_TEXT, createLive, deleteLive, updateLive, type LiveInput } from './lives.ts';
export {
  AUDIT_TABLES,
  auditRow,
  listAudit,
  recordAudit,
  type AuditTarget,
  type AuditView,
} from './audit.ts';
export {
  COLUMN_TEXT,
  createBigColumn,
  createColumn,
  deleteBigColumn,
  deleteColumn,
  updateBigColumn,
  updateColumn,
  type ColumnInput,
} from './columns.ts';
export {
  RESOURCE_MAX_BYTES,
  RESOURCE_TEXT,
  createResource,
  updateResource,
  deleteResource,
  type ResourceInput,
} from './resources.ts';
export { TOOL_TEXT, createTool, deleteTool, listAdminTools, updateTool } from './tools.ts';
export {
  COMPANY_TEXT,
  createCompany,
  deleteCompany,
  listAdminCompanies,
  updateCompany,
} from './companies.ts';
export { LABEL_TEXT, createLabel, deleteLabel, listAdminLabels, updateLabel } from './labels.ts';
export {
  SHORT_VIDEO_TEXT,
  createShortVideo,
  deleteShortVideo,
  listAdminShortVideos,
  updateShortVideo,
} from './short-videos.ts';
export {
  NOTICE_CATEGORY_TEXT,
  createNoticeCategory,
  deleteNoticeCategory,
  listAdminNoticeCategories,
  updateNoticeCategory,
} from './notices.ts';

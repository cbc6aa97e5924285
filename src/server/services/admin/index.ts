/**
 * DOMAIN admin
 */
export {
  createArticle,
  createCourse,
  createNotice,
  deleteArticle,
  deleteCourse,
  deleteNotice,
  updateArticle,
  updateCourse,
  updateNotice,
} from './content.ts';
export { REVIEW_TEXT, listPendingArticles, reviewArticle } from './review.ts';

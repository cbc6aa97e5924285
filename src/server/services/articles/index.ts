/**
 * The articles domain.
 */
export {
  ARTICLE_PUBLISH,
  publishScheduledArticle,
  unpublishArticle,
  createArticle,
  deleteArticle,
  updateArticle,
} from './manage-articles.ts';
export {
  articleClassifyTree,
  editorialArticleDetail,
  listEditorialArticles,
  type ArticleState,
  type EditorialRow,
} from './manage-article-list.ts';
export { REVIEW_TEXT, listPendingArticles, reviewArticle } from './manage-review.ts';
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
  PUBLISH_TEXT,
  deleteOwnArticle,
  getOwnArticle,
  listOwnArticles,
  saveArticle,
  unpublish,
} from './publishing.ts';

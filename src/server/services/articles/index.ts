/**
 * # articles — technical articles and their classifies
 *
 * Words: article (文章); classify (分类, the spec's word: a big classify holds classifies, an
 * article also has a second classify); editorial article (written by staff in the console);
 * member article (投稿: published by a member, pending until reviewed). Avoid "post",
 * "category" (notices have categories), "admin article".
 * Owns: articles, article_classifies.
 * Leaves to others: comments, favourites and likes on an article (members), the search
 * index (search, refreshed on every write), cached-page tags (server/cache/tags.ts), the
 * audit of staff writes (audit), the review word list (members).
 * Staff code: manage-articles.ts (create, edit, schedule, unpublish, delete),
 * manage-article-list.ts (the console's list), manage-review.ts (the review queue).
 * Projections: public ArticleSummary, ArticleDetail, ClassifyTreeView; member PublishClassifyOption; staff
 * EditorialRow, ArticleState, EditorialArticleDetail, ArticleClassifyOption, PendingArticleRow.
 */
export { ARTICLES_MSG } from './messages.ts';
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
export { listPendingArticles, reviewArticle } from './manage-review.ts';
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
  memberArticles,
  viewArticle,
  type ArticleDetail,
  type ArticleSummary,
  type ClassifyTreeView,
} from './articles.ts';
export {
  deleteOwnArticle,
  getOwnArticle,
  listOwnArticles,
  publishClassifyOptions,
  saveArticle,
  unpublish,
} from './publishing.ts';

// Staff views the console reads (import type), named after what each call answers.
import type { articleClassifyTree, editorialArticleDetail } from './manage-article-list.ts';
import type { listPendingArticles } from './manage-review.ts';
/** GET /api/admin/article/detail. */
export type EditorialArticleDetail = Awaited<ReturnType<typeof editorialArticleDetail>>;
/** One top-level classify of GET /api/admin/article/classifies, with its second level. */
export type ArticleClassifyOption = Awaited<ReturnType<typeof articleClassifyTree>>[number];
/** One row of GET /api/admin/article/pending. */
export type PendingArticleRow = Awaited<ReturnType<typeof listPendingArticles>>['list'][number];

// Member views the islands read (import type).
import type { publishClassifyOptions } from './publishing.ts';
/** A classify a member may publish under, as the editor's select offers it. */
export type PublishClassifyOption = Awaited<ReturnType<typeof publishClassifyOptions>>[number];

import { ARTICLES_MSG as SHARED } from '../../../shared/messages/articles.ts';

/**
 * The articles domain's messages: member publishing, review states, the
 * console's editorial calls (those the console shows too are shared).
 */
export const ARTICLES_MSG = {
  ...SHARED,
  /** The list calls' filter (spec 4: 1 recommended, 2 newest, 3 hot). */
  filterTypeInvalid: '筛选类型无效',
  /** Member publishing (spec 7: saveArticle, deleteById). */
  publish: {
    ...SHARED.publish,
    titleTooLong: '标题不能超过{{max}}个字',
    contentTooLong: '正文过长，请分篇发布',
    saved: '提交成功，等待审核',
    deleted: '删除成功',
    flood: '提交太频繁，请{{n}}秒后再试',
    /** The spec's GET deleteById without an Authorization header. */
    postOnly: '请使用 POST 请求删除文章',
  },
  /** Review states as the member sees them. */
  state: {
    draft: '草稿',
    pending: '审核中',
    published: '已发布',
    rejected: '未通过',
  } as Record<string, string>,
  /** The editorial calls of the console. */
  manage: {
    ...SHARED.manage,
    articleMissing: '文章不存在',
    classifyMissing: '文章分类不存在',
    secondClassifyMismatch: '二级分类不属于该分类',
    publishAtInvalid: '发布时间格式无效',
  },
  /** The console's review of member submissions. */
  review: {
    reviewed: '审核完成',
    notPending: '该文章不在待审核状态',
    verdictRequired: '请选择通过或驳回',
    noteTooLong: '审核意见不能超过200个字',
  },
} as const;

/**
 * Article texts the browser shows too (the console's article list); the
 * server's are in services/articles/messages.ts.
 */
export const ARTICLES_MSG = {
  /** Member publishing: the editor island checks these before the server does. */
  publish: {
    titleRequired: '请输入文章标题',
    contentRequired: '请输入文章正文',
    classifyInvalid: '请选择文章分类',
  },
  /** The console's call that takes an article off the site. */
  manage: {
    unpublished: '文章已下线',
  },
} as const;

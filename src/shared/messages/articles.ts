/**
 * Article texts the browser shows too (the console's article list); the
 * server's are in services/articles/messages.ts.
 */
export const ARTICLES_MSG = {
  /** The console's call that takes an article off the site. */
  manage: {
    unpublished: '文章已下线',
  },
} as const;

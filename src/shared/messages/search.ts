/**
 * Search texts the browser shows too (the console's jobs page); the
 * server's are in services/search/messages.ts.
 */
export const SEARCH_MSG = {
  rebuildQueued: '已安排重建搜索索引',
} as const;

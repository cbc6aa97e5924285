/**
 * The message of a page part that failed to load (MSG.chunkLoadFailed), on its own: the layout's
 * script shows it on every page, and importing MSG there would put every message into that script.
 */
export const CHUNK_LOAD_FAILED = '页面组件加载超时，请检查网络后重试';

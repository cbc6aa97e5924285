/** The search domain's messages. */
export const SEARCH_MSG = {
  /** Chinese names of the kinds of result, for tabs and labels. */
  typeNames: {
    article: '文章',
    course: '课程',
    live: '直播',
    shortvideo: '短视频',
    resource: '资料',
  },
} as const;

import { SEARCH_MSG as SHARED } from '../../../shared/messages/search.ts';

/** The search domain's messages (the console's rebuild answer is shared). */
export const SEARCH_MSG = {
  ...SHARED,
  typeInvalid: '搜索类型无效',
  /** `{{max}}`: MAX_WORD_LENGTH. */
  wordTooLong: '搜索词不能超过{{max}}个字',
  /** Chinese names of the kinds of result, for tabs and labels. */
  typeNames: {
    article: '文章',
    course: '课程',
    live: '直播',
    shortvideo: '短视频',
    resource: '资料',
  },
} as const;

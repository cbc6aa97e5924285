/**
 * Member texts the browser shows too (the console's comment moderation);
 * the server's are in services/members/messages.ts.
 */
export const MEMBERS_MSG = {
  moderation: {
    commentHidden: '评论已隐藏',
    commentShown: '评论已显示',
    commentDeleted: '评论已删除',
  },
} as const;

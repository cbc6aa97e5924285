import { MEMBERS_MSG as SHARED } from '../../../shared/messages/members.ts';

/**
 * The members domain's messages: comments, likes, favourites, subscriptions,
 * notices and moderation (those the console shows too are shared).
 */
export const MEMBERS_MSG = {
  ...SHARED,
  /** Chinese names of the target types, as the collect categories show them. */
  targetNames: {
    article: '文章',
    course: '课程',
    live: '直播',
    video: '视频',
    shortvideo: '短视频',
  },
  targetInvalid: '内容类型无效',
  /** A record's item of an unknown type. */
  targetUnknown: '内容',
  /** A favourite whose item is no longer public. */
  favoriteGone: '该内容已下线',
  /** A member deleted their own comment or notice. */
  deleted: '删除成功',
  comment: {
    flood: '评论太频繁，请{{n}}秒后再试',
  },
  laud: {
    success: '点赞成功',
    failure: '点赞失败',
  },
  subscribe: {
    subscribed: '订阅成功，专栏有新课时将通过站内消息通知您',
    unsubscribed: '已取消订阅',
    columnMissing: '专栏不存在或已下线',
    lessonTitle: '专栏更新：《{{course}}》新增课时',
    lessonBody: '您订阅的专栏「{{column}}」中的课程《{{course}}》新增了课时「{{lesson}}」。',
    /** The notice category of a new-lesson notice. */
    category: '课程更新',
    studyLink: '去学习',
  },
  moderation: {
    ...SHARED.moderation,
    commentMissing: '评论不存在',
    memberMissing: '会员不存在',
    staffProtected: '不能对工作人员账号执行此操作',
    wordInvalid: '请输入1-20个字的词语',
    wordExists: '该词语已在列表中',
    wordMissing: '词语不存在',
    banDays: '禁言天数为0-365天',
    banned: '您已被禁言至{{until}}，暂时不能评论',
  },
} as const;

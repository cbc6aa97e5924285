/**
 * The members domain: what a logged-in member writes and keeps (spec 2 user
 * centre, spec 7 comment/favourite/like/notice calls). Owns comments,
 * favourites, likes, the user-centre tabs, notices as one member sees them
 * (read state, pop-up, delete), and member publishing with its review state.
 */
export {
  listCompletions,
  listCompletionsPage,
  listReservations,
  listSubscribedColumns,
} from './center.ts';
export { addComment, deleteOwnComment, listComments, listReplies } from './comments.ts';
export {
  MODERATION_TEXT,
  addWord,
  banMember,
  deleteComment,
  deleteWord,
  endSessions,
  listAdminComments,
  listWords,
  searchMembers,
  setCommentStatus,
  setMemberDisabled,
} from './manage-moderation.ts';
export {
  addFavorite,
  deleteFavorite,
  favoriteCategories,
  favoriteState,
  listFavorites,
} from './favorites.ts';
export { LAUD_TEXT, addLaud, hasLauded, laudCount } from './lauds.ts';
export { markNoticeRead } from './notice-receipts.ts';
export {
  deleteNoticeFor,
  getNoticeFor,
  listNoticesFor,
  takePopupNotices,
} from './member-notices.ts';
export { TARGET_NAMES, targetSchema } from './targets.ts';
export {
  listLearningRecords,
  listMyComments,
  type LearningRecord,
  type MyComment,
} from './records.ts';
export {
  claimMessage,
  releaseMessage,
  sendPersonalNotice,
  type PersonalNotice,
} from './personal-notices.ts';
export {
  LESSON_ANNOUNCE,
  SUBSCRIBE_TEXT,
  announceLesson,
  scheduleLessonAnnouncement,
  subscribeColumn,
  subscriptionState,
  unsubscribeColumn,
  type SubscriptionState,
} from './subscriptions.ts';
export { dropMemberActivity } from './activity.ts';

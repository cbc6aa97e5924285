/**
 * # members — what a logged-in member writes and keeps
 *
 * Words: member (会员: a user with the member role), comment (评论), favourite (收藏, the API's
 * "favorite"/"collect"), like (点赞, the API's "laud"), subscription (订阅 a column), completion
 * (我的完成), personal notice (站内信 to one member), moderation (review words, hiding comments,
 * bans), note (笔记: at a second of a lesson or replay, or on a highlighted passage, 划线),
 * bookmark (书签 ★: a note without text). Avoid "user" for the member's own things (users are
 * accounts), "post", "collect" outside the API paths.
 * Owns: comments, favorites, lauds, subscriptions, notice_receipts, message_log,
 * moderation_words, member_notes (notes and bookmarks at a lesson's or replay's second, article
 * highlights: notes/notes.ts, private to their member; notes/notes-export.ts writes them as
 * Markdown).
 * Leaves to others: identity and sessions, and writing a ban or a disabled flag (accounts:
 * restrictions.ts), member articles (articles: publishing.ts), completions (learning writes
 * them; the user centre lists them here), the notices themselves, a personal notice's row too
 * (site: personal-notice-rows.ts), what a member has paid for (commerce).
 * Q&A on lessons (课时问答, comments/lesson-questions.ts, beside comments/comments.ts): a question is a comment on a lesson, read and
 * asked by whoever may watch it; the course's teacher and staff answer, pin and mark 已解决.
 * Staff code: manage-moderation.ts (comments, review words, bans, member list).
 * Projections: public NoteView, MyNoteView, LearningRecord, MyComment, PersonalNotice,
 * SubscriptionState, CommentView, PopupNotice, LessonQuestionView,
 * LessonQuestionPage; staff AdminCommentView, AdminMemberView, ModerationWord.
 */
export { MEMBERS_MSG } from './messages.ts';
export { listCompletions, listCompletionsPage, listSubscribedColumns } from './center.ts';
export { addComment, deleteOwnComment, listComments, listReplies } from './comments/comments.ts';
export {
  addWord,
  banMember,
  checkNotBanned,
  deleteComment,
  deleteWord,
  endSessions,
  listAdminComments,
  listWords,
  matchesWordList,
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
export { addLaud, hasLauded, laudCount } from './lauds.ts';
export {
  addNote,
  deleteNote,
  listMyNotes,
  listNotesOf,
  updateNote,
  type MyNoteView,
  type NoteInput,
  type NoteView,
} from './notes/notes.ts';
export {
  answerLessonQuestion,
  askLessonQuestion,
  flagLessonQuestion,
  listLessonQuestions,
  openQuestionCounts,
  type LessonQuestionPage,
  type LessonQuestionView,
} from './comments/lesson-questions.ts';
export { exportNotes } from './notes/notes-export.ts';
export { dropNoticeReceipts, markNoticeRead } from './notice-receipts.ts';
export {
  deleteNoticeFor,
  getNoticeFor,
  listNoticesFor,
  listPopupNotices,
  markPopupSeen,
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
  announceLesson,
  dropColumnSubscriptions,
  scheduleLessonAnnouncement,
  subscribeColumn,
  subscriptionState,
  unsubscribeColumn,
  type SubscriptionState,
} from './subscriptions.ts';
export { dropMemberActivity } from './activity.ts';

// Staff views the console reads (import type).
export type { AdminCommentView, AdminMemberView } from './manage-moderation.ts';
import type { listWords } from './manage-moderation.ts';
/** One word of GET /api/admin/moderation/words. */
export type ModerationWord = Awaited<ReturnType<typeof listWords>>[number];

// Public views the islands read (import type).
export type { CommentView } from './comments/comments.ts';
import type { listPopupNotices } from './member-notices.ts';
/** One notice of GET /api/notice/qryUserNotice (the pop-up queue). */
export type PopupNotice = Awaited<ReturnType<typeof listPopupNotices>>['notices'][number];

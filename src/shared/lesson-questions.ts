/**
 * Q&A on lessons (课时问答, issue 26): a member asks on a lesson they may watch; the course's
 * teacher (the account set in 课程管理) or staff answer it once (作者回复, which they may
 * change), pin it and mark it 已解决. The rules and messages the island and the server share;
 * a question's text has the comments' length (1–500 characters) with its own words.
 *
 * checkQuestion('  ') → '请填写问题内容'; a 501-character question → '问题不能超过500个字'
 * checkReply('  ') → '请填写回答内容'; a 1001-character answer → '回答不能超过1000个字'
 */
import { LIMITS } from './constants.ts';

export const QUESTION_LIMITS = {
  replyMax: 1000,
  pageSize: 20,
} as const;

export const QUESTION_MSG = {
  heading: '课时问答',
  asked: '提问成功',
  answered: '已回答',
  pinned: '已置顶',
  unpinned: '已取消置顶',
  resolved: '已标记为已解决',
  reopened: '已改为未解决',
  questionEmpty: '请填写问题内容',
  questionTooLong: `问题不能超过${LIMITS.commentMax}个字`,
  replyEmpty: '请填写回答内容',
  replyTooLong: `回答不能超过${1000}个字`,
  notFound: '提问不存在或已删除',
  notTeacher: '只有本课程的讲师或工作人员可以操作',
  teacherMissing: '未找到该手机号的账号',
  /** The asker's 我的消息 when the first answer comes. */
  noticeCategory: '课程问答',
  noticeTitle: '你在「{{lesson}}」的提问有了回答',
  noticeBody: '{{who}}回答了你的提问「{{question}}」：{{reply}}',
  noticeLink: '去课时查看',
} as const;

/** The question's text (trimmed): the reason it cannot be asked, or null. */
export function checkQuestion(value: string): string | null {
  const v = value.trim();
  if (!v) return QUESTION_MSG.questionEmpty;
  if ([...v].length > LIMITS.commentMax) return QUESTION_MSG.questionTooLong;
  return null;
}

/** The answer's text, trimmed, or the reason it cannot be used. */
export function checkReply(value: string): string | null {
  const v = value.trim();
  if (!v) return QUESTION_MSG.replyEmpty;
  if ([...v].length > QUESTION_LIMITS.replyMax) return QUESTION_MSG.replyTooLong;
  return null;
}

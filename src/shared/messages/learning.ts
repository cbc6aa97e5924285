/** Playback messages the browser shows itself (the video players); the server's are in services/learning/messages.ts. */
export const LEARNING_MSG = {
  playFailed: '视频加载失败，请稍后重试',
  /** A lesson the member has not bought (the server refuses its key with it too). */
  lessonLocked: '购买课程后即可观看该课时',
  /** The last lesson watched or check finished completed the course. */
  courseCompleted: '恭喜完成本课程，可在个人中心“我的完成”查看',
} as const;

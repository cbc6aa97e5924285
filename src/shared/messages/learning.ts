/** Playback messages the browser shows itself (the video players); the server's are in services/learning/messages.ts. */
export const LEARNING_MSG = {
  playFailed: '视频加载失败，请稍后重试',
} as const;

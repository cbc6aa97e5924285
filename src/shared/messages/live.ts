/** Live messages the browser shows itself (the live player); the server's are in services/live/messages.ts. */
export const LIVE_MSG = {
  liveNoStream: '本场直播暂无可播放的视频',
} as const;

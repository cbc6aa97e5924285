/**
 * Live texts the browser shows itself (the live player, the status of a
 * broadcast on its card and page); the server's are in services/live/messages.ts.
 */
export const LIVE_MSG = {
  liveNoStream: '本场直播暂无可播放的视频',
  /** A broadcast's status (LiveStatus) by name. */
  status: {
    upcoming: '即将开始',
    live: '直播中',
    ended: '已结束',
  },
} as const;

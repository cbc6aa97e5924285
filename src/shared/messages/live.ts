/**
 * Live texts the browser shows itself (the live player, the status of a
 * broadcast on its card and page, the console's broadcast form); the
 * server's are in services/live/messages.ts.
 */
export const LIVE_MSG = {
  liveNoStream: '本场直播暂无可播放的视频',
  /** A broadcast's status (LiveStatus) by name. */
  status: {
    upcoming: '即将开始',
    live: '直播中',
    ended: '已结束',
  },
  /** An ended broadcast without its replay yet (pending), or with none to come (none). */
  replay: {
    pending: '直播已结束，回放正在制作中',
    none: '直播已结束，本场直播没有回放',
  },
  /** The console's broadcast form: the API refuses with these, the console checks the same. */
  manage: {
    description: '请输入介绍（不超过50000个字）',
    speaker: '请输入主讲人（不超过50个字）',
    time: '请输入正确的时间',
  },
} as const;

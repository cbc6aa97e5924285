/**
 * Video texts the browser shows too (the console's short-video form); the
 * server's are in services/videos/messages.ts.
 */
export const VIDEOS_MSG = {
  shortVideo: {
    path: '视频地址须为站内路径或 https 地址',
  },
} as const;

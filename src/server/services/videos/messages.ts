/** The videos domain's messages: videos and short videos. */
export const VIDEOS_MSG = {
  videoNotFound: '视频不存在或已下线',
  shortVideoNotFound: '视频不存在或已下线',
  /** The console's calls. */
  shortVideo: {
    missing: '短视频不存在',
  },
} as const;

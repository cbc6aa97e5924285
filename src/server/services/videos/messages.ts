import { VIDEOS_MSG as SHARED } from '../../../shared/messages/videos.ts';

/** The videos domain's messages: videos and short videos (the console's form texts are shared). */
export const VIDEOS_MSG = {
  ...SHARED,
  /** A video or short video that is not public. */
  videoNotFound: '视频不存在或已下线',
  /** The console's calls. */
  shortVideo: {
    ...SHARED.shortVideo,
    missing: '短视频不存在',
  },
} as const;

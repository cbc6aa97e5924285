/**
 * The videos domain.
 */
export {
  SHORT_VIDEO_TEXT,
  createShortVideo,
  deleteShortVideo,
  listAdminShortVideos,
  updateShortVideo,
} from './manage-short-videos.ts';
export { getShortVideoDetail } from './short-video-detail.ts';
export { VIDEO_TARGET, viewVideo, type VideoDetail } from './video-detail.ts';
export {
  getShortVideo,
  getVideo,
  listColumnVideos,
  listHotVideos,
  listRecommendedShortVideos,
  listShortVideos,
  listVideos,
  type ShortVideoView,
  type VideoView,
} from './videos.ts';

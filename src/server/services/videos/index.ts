/**
 * # videos — index videos and short videos
 *
 * Words: video (视频: the home page's video lists, hot/new/recommended), short video (短视频:
 * a short clip, also shown in the floating player). Avoid "clip", "reel", "media" (media
 * are files, see learning and providers/storage).
 * Owns: videos, short_videos.
 * Leaves to others: likes and favourites (members), view counting rate limits (lib),
 * the search index (search), audit (audit).
 * Staff code: manage-short-videos.ts.
 * Projections: public VideoView, VideoDetail, ShortVideoView (viewCount, laudCount); staff
 * AdminShortVideoRow (the same counts named views and likes).
 */
export { VIDEOS_MSG } from './messages.ts';
export {
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

// Staff views the console reads (import type).
import type { listAdminShortVideos } from './manage-short-videos.ts';
/** One row of GET /api/admin/shortvideo/list (its counts named views and likes). */
export type AdminShortVideoRow = Awaited<ReturnType<typeof listAdminShortVideos>>['list'][number];

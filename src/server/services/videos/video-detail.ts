/**
 * A featured video's detail (issue 15; spec 3: videoDetail has favorite and
 * isLaud). Fetching it is what counts a view: the page is cached, so a
 * render is not a view, and the page asks for the detail once per load.
 */
import type { Deps } from '../../deps.ts';
import { ownFlags } from './short-video-detail.ts';
import { getVideo, type VideoView } from './videos.ts';

/** The target type featured videos have in favorites, lauds and comments. */
export const VIDEO_TARGET = 'video';

export interface VideoDetail extends VideoView {
  /** 1 when the viewer has collected it; always 0 for visitors. */
  favorite: 0 | 1;
  /** 1 once the viewer has liked it (spec 3); always 0 for visitors. */
  isLaud: 0 | 1;
}

/**
 * Counts one view (a single conditional increment, so parallel views all
 * count) and returns the video with it counted and the viewer's own flags
 * (null member: a visitor), or null when there is no such video.
 */
export async function viewVideo(
  deps: Pick<Deps, 'db'>,
  id: number,
  memberId: number | null,
): Promise<VideoDetail | null> {
  const counted = await deps.db
    .updateTable('videos')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .returning('view_count')
    .executeTakeFirst();
  if (!counted) return null;
  const [video, own] = await Promise.all([
    getVideo(deps, id),
    ownFlags(deps, VIDEO_TARGET, id, memberId),
  ]);
  if (!video) return null;
  // The count this view made, not a later one another view may have added since.
  return { ...video, viewCount: Number(counted.view_count), ...own };
}

/**
 * A short video's or featured video's detail with the viewer's own flags
 * (spec 3: videoDetail has favorite and isLaud).
 */
import type { Deps } from '../../deps.ts';
import { getShortVideo, getVideo, type ShortVideoView, type VideoView } from './videos.ts';

/** The target type short videos have in favorites and lauds. */
export const SHORT_VIDEO_TARGET = 'shortvideo';

export interface ShortVideoDetail extends ShortVideoView {
  favorite: boolean;
  /** 1 once the viewer has liked it (spec 3); always 0 for visitors. */
  isLaud: 0 | 1;
}

/** One short video for a viewer (null member: a visitor), or null when it does not exist. */
export async function getShortVideoDetail(
  deps: Pick<Deps, 'db'>,
  id: number,
  memberId: number | null,
): Promise<ShortVideoDetail | null> {
  const video = await getShortVideo(deps, id);
  return video ? { ...video, ...(await flags(deps, SHORT_VIDEO_TARGET, id, memberId)) } : null;
}

/** The viewer's favourite and like of an item (a visitor has neither). */
async function flags(
  deps: Pick<Deps, 'db'>,
  targetType: string,
  id: number,
  memberId: number | null,
): Promise<{ favorite: boolean; isLaud: 0 | 1 }> {
  if (memberId === null) return { favorite: false, isLaud: 0 };
  const mark = (table: 'favorites' | 'lauds') =>
    deps.db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', memberId)
      .where('target_type', '=', targetType)
      .where('target_id', '=', id)
      .executeTakeFirst();
  const [fav, laud] = await Promise.all([mark('favorites'), mark('lauds')]);
  return { favorite: fav !== undefined, isLaud: laud ? 1 : 0 };
}

/** The target type featured videos have in favorites and lauds. */
export const VIDEO_TARGET = 'video';

export interface VideoDetail extends VideoView {
  favorite: boolean;
  isLaud: 0 | 1;
}

/** One featured video for a viewer (null member: a visitor), or null when it does not exist. */
export async function getVideoDetail(
  deps: Pick<Deps, 'db'>,
  id: number,
  memberId: number | null,
): Promise<VideoDetail | null> {
  const video = await getVideo(deps, id);
  return video ? { ...video, ...(await flags(deps, VIDEO_TARGET, id, memberId)) } : null;
}

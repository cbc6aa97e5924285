/** A short video's detail with the viewer's own flags (spec 3: videoDetail has favorite and isLaud). */
import type { Deps } from '../../deps.ts';
import { getShortVideo, type ShortVideoView } from './videos.ts';

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
  if (!video) return null;
  const own = await ownFlags(deps, SHORT_VIDEO_TARGET, id, memberId);
  return { ...video, favorite: own.favorite === 1, isLaud: own.isLaud };
}

/**
 * Whether the viewer has collected and liked an item: ownFlags(deps,
 * 'video', 3, null) → { favorite: 0, isLaud: 0 } (a visitor has neither).
 */
export async function ownFlags(
  deps: Pick<Deps, 'db'>,
  targetType: string,
  id: number,
  memberId: number | null,
): Promise<{ favorite: 0 | 1; isLaud: 0 | 1 }> {
  if (memberId === null) return { favorite: 0, isLaud: 0 };
  const mark = (table: 'favorites' | 'lauds') =>
    deps.db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', memberId)
      .where('target_type', '=', targetType)
      .where('target_id', '=', id)
      .executeTakeFirst();
  const [fav, laud] = await Promise.all([mark('favorites'), mark('lauds')]);
  return { favorite: fav ? 1 : 0, isLaud: laud ? 1 : 0 };
}

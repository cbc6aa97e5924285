/**
 * The ads of a content-page slot of spec 3 (80 content top, 90 content right), for ContentAdSlot
 * and for a page that loads everything it shows before rendering (the article page).
 */
import { adTags } from '../../server/cache/tags.ts';
import type { Deps } from '../../server/deps.ts';
import { pageMemo } from '../../server/page.ts';
import { listAds, type AdView } from '../../server/services/ads/index.ts';
import { AD_TYPE } from '../../shared/constants.ts';

export type ContentSlot = 'top' | 'right';

/** contentSlotType('top') → AD_TYPE.contentTop */
export const contentSlotType = (position: ContentSlot): number =>
  position === 'top' ? AD_TYPE.contentTop : AD_TYPE.contentRight;

/** The slot's ads showing now: the same on every content page, so kept as a fragment. */
export function contentSlotAds(
  deps: Pick<Deps, 'db' | 'clock'>,
  position: ContentSlot,
): Promise<AdView[]> {
  return pageMemo(deps, [adTags.list])(`ads:content:${position}`, () =>
    listAds(deps, [contentSlotType(position)]),
  );
}

/** Ads (spec 3: roll images) by slot type, in display order. */
import type { Deps } from '../../deps.ts';
import { iso } from '../../clock.ts';

export interface AdView {
  id: number;
  type: number;
  adType: string;
  title: string;
  imageUrl: string | null;
  /** The creative for phones (below 720 px), when the ad has one. */
  mobileImageUrl: string | null;
  clickUrl: string | null;
  vedioUrl: string | null;
  adScript: string | null;
  display_order: number;
}

/** The script of a script creative (adType '2') that is enabled and within its window, or null. */
export async function getAdScript(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<string | null> {
  const now = iso(deps.clock.now());
  const row = await deps.db
    .selectFrom('roll_images')
    .select('ad_script')
    .where('id', '=', id)
    .where('ad_type', '=', '2')
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .executeTakeFirst();
  return row?.ad_script ?? null;
}

/** Enabled ads of the given slot types that are within their time window, ordered by display_order. */
export async function listAds(
  deps: Pick<Deps, 'db' | 'clock'>,
  types: readonly number[],
): Promise<AdView[]> {
  if (types.length === 0) return [];
  const now = iso(deps.clock.now());
  const rows = await deps.db
    .selectFrom('roll_images')
    .selectAll()
    .where('type', 'in', [...types])
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    adType: r.ad_type,
    title: r.title,
    imageUrl: r.image_url,
    mobileImageUrl: r.mobile_image_url,
    clickUrl: r.click_url,
    vedioUrl: r.vedio_url,
    adScript: r.ad_script,
    display_order: r.display_order,
  }));
}

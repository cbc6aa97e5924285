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
  const rows = await adRows(deps, types, true);
  return rows.map(({ startAt: _s, endAt: _e, ...ad }) => ad);
}

/** An ad with its time window, for a copy that outlives the moment it was made. */
export interface ScheduledAdView extends AdView {
  startAt: string | null;
  endAt: string | null;
}

/**
 * The ads of a static export (issue 25: /ads.json, for pages served without an API): the
 * enabled ads that are on now or will be, each with its window, which the reader's browser
 * applies at the time it shows them (the file is re-exported when an ad changes, not when a
 * window opens or closes).
 */
export function listScheduledAds(
  deps: Pick<Deps, 'db' | 'clock'>,
  types: readonly number[],
): Promise<ScheduledAdView[]> {
  return adRows(deps, types, false);
}

async function adRows(
  deps: Pick<Deps, 'db' | 'clock'>,
  types: readonly number[],
  startedOnly: boolean,
): Promise<ScheduledAdView[]> {
  if (types.length === 0) return [];
  const now = iso(deps.clock.now());
  const rows = await deps.db
    .selectFrom('roll_images')
    .selectAll()
    .where('type', 'in', [...types])
    .where('enabled', '=', 1)
    .$if(startedOnly, (q) =>
      q.where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)])),
    )
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
    startAt: r.start_at,
    endAt: r.end_at,
  }));
}

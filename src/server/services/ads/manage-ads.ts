/**
 * Ads for admins (issue 12, section "ads": admins only): every slot type and
 * creative kind of spec 3 (image, script in a frame, video), with a schedule
 * (from/to), display order and an on/off switch. A change drops the cached
 * pages that show ads, through the change outbox (re-export, CDN purge).
 */
import { adTags, pageTags } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { AD_KIND, AD_TYPES_REQUESTED, type AdKind } from '../../../shared/constants.ts';
import { commitChange, listPage, type Paged, type PageInput } from '../lib/index.ts';
import { ADS_MSG } from './messages.ts';

export interface AdInput {
  type: number;
  adType: AdKind;
  title: string;
  imageUrl?: string | null;
  mobileImageUrl?: string | null;
  clickUrl?: string | null;
  videoUrl?: string | null;
  adScript?: string | null;
  displayOrder?: number;
  companyId?: number | null;
  enabled?: boolean;
  startAt?: Date | null;
  endAt?: Date | null;
}

export interface AdminAdView {
  id: number;
  type: number;
  adType: string;
  title: string;
  imageUrl: string | null;
  mobileImageUrl: string | null;
  clickUrl: string | null;
  videoUrl: string | null;
  adScript: string | null;
  displayOrder: number;
  companyId: number | null;
  enabled: boolean;
  startAt: string | null;
  endAt: string | null;
  /** Shown now: enabled and inside its window. */
  live: boolean;
}

const TAGS = [adTags.list, pageTags.home];

/** Checks a whole ad (after an edit merged into the stored one). */
function check(ad: AdInput): void {
  if (!(AD_TYPES_REQUESTED as readonly number[]).includes(ad.type))
    throw AppError.badRequest(ADS_MSG.slot);
  if (!Object.values(AD_KIND).includes(ad.adType)) throw AppError.badRequest(ADS_MSG.kind);
  if (ad.adType === AD_KIND.image && !ad.imageUrl) throw AppError.badRequest(ADS_MSG.image);
  if (ad.adType === AD_KIND.script && !ad.adScript) throw AppError.badRequest(ADS_MSG.script);
  if (ad.adType === AD_KIND.video && !ad.videoUrl) throw AppError.badRequest(ADS_MSG.video);
  if (ad.startAt && ad.endAt && ad.endAt <= ad.startAt) throw AppError.badRequest(ADS_MSG.window);
}

function columns(ad: AdInput) {
  return {
    type: ad.type,
    ad_type: ad.adType,
    title: ad.title,
    image_url: ad.imageUrl ?? null,
    mobile_image_url: ad.mobileImageUrl ?? null,
    click_url: ad.clickUrl ?? null,
    vedio_url: ad.videoUrl ?? null,
    ad_script: ad.adScript ?? null,
    display_order: ad.displayOrder ?? 0,
    company_id: ad.companyId ?? null,
    enabled: ad.enabled === false ? 0 : 1,
    start_at: ad.startAt ? iso(ad.startAt) : null,
    end_at: ad.endAt ? iso(ad.endAt) : null,
  };
}

export async function createAd(deps: Deps, input: AdInput): Promise<{ id: number }> {
  check(input);
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('roll_images')
      .values({ ...columns(input), created_at: iso(deps.clock.now()) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: TAGS };
  });
}

export async function updateAd(
  deps: Deps,
  id: number,
  input: Partial<AdInput>,
): Promise<{ id: number }> {
  const row = await deps.db
    .selectFrom('roll_images')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(ADS_MSG.missing);
  const merged: AdInput = {
    type: input.type ?? row.type,
    adType: (input.adType ?? row.ad_type) as AdKind,
    title: input.title ?? row.title,
    imageUrl: input.imageUrl !== undefined ? input.imageUrl : row.image_url,
    mobileImageUrl:
      input.mobileImageUrl !== undefined ? input.mobileImageUrl : row.mobile_image_url,
    clickUrl: input.clickUrl !== undefined ? input.clickUrl : row.click_url,
    videoUrl: input.videoUrl !== undefined ? input.videoUrl : row.vedio_url,
    adScript: input.adScript !== undefined ? input.adScript : row.ad_script,
    displayOrder: input.displayOrder ?? row.display_order,
    companyId: input.companyId !== undefined ? input.companyId : row.company_id,
    enabled: input.enabled ?? row.enabled === 1,
    startAt:
      input.startAt !== undefined ? input.startAt : row.start_at ? new Date(row.start_at) : null,
    endAt: input.endAt !== undefined ? input.endAt : row.end_at ? new Date(row.end_at) : null,
  };
  check(merged);
  return commitChange(deps, async (trx) => {
    await trx.updateTable('roll_images').set(columns(merged)).where('id', '=', id).execute();
    return { value: { id }, tags: TAGS };
  });
}

export async function deleteAd(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const res = await trx.deleteFrom('roll_images').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw AppError.notFound(ADS_MSG.missing);
    return { value: { id }, tags: TAGS };
  });
}

/** Every ad of a slot (or all), shown or not, in display order. */
export async function listAdminAds(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { type?: number },
): Promise<Paged<AdminAdView>> {
  const now = iso(deps.clock.now());
  const base = deps.db
    .selectFrom('roll_images')
    .$if(opts.type !== undefined, (q) => q.where('type', '=', opts.type!));
  return listPage(
    base,
    (q) => q.selectAll().orderBy('type').orderBy('display_order').orderBy('id'),
    (r) => ({
      id: r.id,
      type: r.type,
      adType: r.ad_type,
      title: r.title,
      imageUrl: r.image_url,
      mobileImageUrl: r.mobile_image_url,
      clickUrl: r.click_url,
      videoUrl: r.vedio_url,
      adScript: r.ad_script,
      displayOrder: r.display_order,
      companyId: r.company_id,
      enabled: r.enabled === 1,
      startAt: r.start_at,
      endAt: r.end_at,
      live: r.enabled === 1 && (!r.start_at || r.start_at <= now) && (!r.end_at || r.end_at > now),
    }),
    opts,
  );
}

/**
 * # ads — the advertising slots of spec 3 and 9
 *
 * Words: ad (广告, a roll image in the spec's API: "roll_image"), ad type (the slot: 1 carousel,
 * 2 top banner, …, 75 footer banner), kind (adType 1 image, 2 script in a frame, 3 video),
 * display order, schedule. Avoid "banner" for every ad (it is one slot), "campaign".
 * Owns: roll_images.
 * Leaves to others: impressions and clicks (analytics), audit (audit).
 * Staff code: manage-ads.ts.
 * Projections: public AdView (and ScheduledAdView, the static export's /ads.json); staff
 * AdminAdView, AdInput.
 */
export { ADS_MSG } from './messages.ts';
export {
  getAdScript,
  listAds,
  listScheduledAds,
  type AdView,
  type ScheduledAdView,
} from './ads.ts';
export {
  createAd,
  deleteAd,
  listAdminAds,
  updateAd,
  type AdInput,
  type AdminAdView,
} from './manage-ads.ts';

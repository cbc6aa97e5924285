/**
 * The ads domain: the advertising slots of spec 3 and 9 (roll images by ad type,
 * display order, schedule).
 */
export { getAdScript, listAds, type AdView } from './ads.ts';
export {
  AD_TEXT,
  createAd,
  deleteAd,
  listAdminAds,
  updateAd,
  type AdInput,
  type AdminAdView,
} from './manage-ads.ts';

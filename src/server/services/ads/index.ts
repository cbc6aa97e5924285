/**
 * DOMAIN ads
 */
export { listAds, type AdView } from './ads.ts';

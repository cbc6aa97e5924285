/**
 * Ads that float over the page (spec 4): the two 250×250 corner windows,
 * each closable on its own, and the 600×360 centre pop-up. Both are fixed
 * boxes, so they shift nothing; a page control focused under a corner window is
 * scrolled clear of it (client/focus-clear.ts).
 */
import { keepFocusClear } from '../../client/focus-clear.ts';
import { AD_TYPE, SLOT_SIZE } from '../../shared/constants.ts';
import { showCentreAd } from './centre-popup.ts';
import { buildSlot, type AdData } from './creative.ts';
import { mountSlot } from './rotator.ts';

/** Adds the corner windows (first two window ads) and, when due, the centre pop-up. */
export function showOverlays(ads: Map<number, AdData[]>): void {
  // Corner windows only where they fit beside the content (the CSS hides them below 1024 too).
  const wide = matchMedia('(min-width: 1024px)').matches;
  const windows = wide ? (ads.get(AD_TYPE.window) ?? []).slice(0, 2) : [];
  windows.forEach((ad, i) => {
    const slot = buildSlot({
      type: AD_TYPE.window,
      width: SLOT_SIZE.windowAd.width,
      height: SLOT_SIZE.windowAd.height,
      label: i === 0 ? '左下角窗口广告' : '右下角窗口广告',
      closable: true,
    });
    slot.classList.add('ad-window', `ad-window-${i}`);
    slot.dataset.adWindow = String(i);
    document.body.append(slot);
    mountSlot(slot, [ad]);
    const release = keepFocusClear(slot);
    slot.querySelector('[data-ad-close]')?.addEventListener('click', release, { once: true });
  });
  const centre = ads.get(AD_TYPE.centrePopup) ?? [];
  if (centre.length > 0) showCentreAd(centre);
}

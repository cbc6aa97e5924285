/**
 * The centre pop-up ad (spec 4, 9): shown when never shown or last shown more
 * than 4 hours ago, counts down 10 s and closes itself, closes by hand (button
 * or Escape), and a reader can hide it for the rest of the day. The showing
 * time is stored under STORAGE_KEYS.centreAdShownAt (epoch milliseconds). It takes focus when
 * it opens and gives it back when it closes (issue 29).
 */
import { holdDialogFocus } from '../../client/dialog-focus.ts';
import { AD_TYPE, SLOT_SIZE, STORAGE_KEYS, TIMING } from '../../shared/constants.ts';
import { buildSlot, type AdData } from './creative.ts';
import { mountSlot } from './rotator.ts';

/** The local day (YYYY-MM-DD) on which the reader hid the pop-up. */
export const CENTRE_AD_HIDDEN_DAY_KEY = 'centreAdHiddenDay';

/** The reader's local calendar day of a time. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The spec's rule, plus the reader's "not today". */
export function shouldShowCentreAd(
  now: number,
  shownAt: string | null,
  hiddenDay: string | null,
): boolean {
  if (hiddenDay && hiddenDay === localDay(now)) return false;
  const last = shownAt === null ? NaN : Number(shownAt);
  if (!Number.isFinite(last)) return true;
  return now - last > TIMING.centreAdIntervalMs;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the pop-up simply shows again next time.
  }
}

function button(text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/** Shows the pop-up if it is due; does nothing otherwise. */
export function showCentreAd(ads: AdData[]): void {
  const now = Date.now();
  if (!shouldShowCentreAd(now, read(STORAGE_KEYS.centreAdShownAt), read(CENTRE_AD_HIDDEN_DAY_KEY)))
    return;
  write(STORAGE_KEYS.centreAdShownAt, String(now));

  const popup = document.createElement('div');
  popup.className = 'ad-popup';
  popup.setAttribute('role', 'dialog');
  popup.setAttribute('aria-label', '推广');
  popup.setAttribute('aria-modal', 'true');
  popup.dataset.adPopup = '';
  const slot = buildSlot({
    type: AD_TYPE.centrePopup,
    width: SLOT_SIZE.centreAd.width,
    height: SLOT_SIZE.centreAd.height,
    label: '弹窗广告',
  });
  slot.style.maxWidth = '100%';
  const bar = document.createElement('div');
  bar.className = 'ad-popup-bar';
  const countdown = document.createElement('span');
  countdown.dataset.adCountdown = '';
  let left = TIMING.centreAdAutoCloseSeconds;
  const render = () => (countdown.textContent = `${left} 秒后关闭`);
  render();

  let stopSlot: () => void = () => undefined;
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0) close();
    else render();
  }, 1000);
  let release: () => void = () => undefined;
  function close() {
    clearInterval(timer);
    stopSlot();
    popup.remove();
    release();
  }
  bar.append(
    countdown,
    button('今日不再显示', () => {
      write(CENTRE_AD_HIDDEN_DAY_KEY, localDay(Date.now()));
      close();
    }),
    button('关闭', close),
  );
  popup.append(slot, bar);
  document.body.append(popup);
  release = holdDialogFocus(popup, close);
  stopSlot = mountSlot(slot, ads);
}

/**
 * The ad script, loaded after the load event on every page load (so ads
 * reload on every route change). It asks `/api/roll_image/list` for the
 * spec's types in display order (on a static host with no API, the export's
 * /ads.json), mounts each reserved slot's rotator when the
 * slot becomes visible, wires the close buttons, and adds the corner windows
 * and the centre pop-up at the reader's first input. A failing or slow ad API
 * leaves the server-rendered slots as they are: nothing here can block or break the page.
 */
import { apiCredentials, apiUrl } from '../../client/api-origin.ts';
import { AD_TYPES_REQUESTED } from '../../shared/constants.ts';
import type { ScheduledAdView } from '../../server/services/ads/index.ts';
import type { AdData } from './creative.ts';
import { mountSlot } from './rotator.ts';

/** The spec's request: every type as one comma list, ordered by display_order (spec 7, 9). */
export const AD_LIST_URL = `/api/roll_image/list?type=${AD_TYPES_REQUESTED.join(',')}&order_filed=display_order`;

async function fetchAds(): Promise<AdData[] | null> {
  try {
    const res = await fetch(apiUrl(AD_LIST_URL), { credentials: apiCredentials() });
    const body = (await res.json()) as { code: number; data?: { roll_image_list?: AdData[] } };
    return body.code === 200 ? (body.data?.roll_image_list ?? []) : null;
  } catch {
    return exportedAds();
  }
}

/**
 * On a static host with no API behind it, the export's /ads.json beside the page (issue 25):
 * the same ads with their time windows, applied here at the moment they are shown.
 */
async function exportedAds(): Promise<AdData[] | null> {
  try {
    const res = await fetch('/ads.json');
    if (!res.ok) return null;
    const body = (await res.json()) as { roll_image_list?: ScheduledAdView[] };
    const now = new Date().toISOString();
    return (body.roll_image_list ?? []).filter(
      (ad) => (!ad.startAt || ad.startAt <= now) && (!ad.endAt || ad.endAt > now),
    );
  } catch {
    return null;
  }
}

function byType(list: AdData[]): Map<number, AdData[]> {
  const map = new Map<number, AdData[]>();
  for (const ad of list) map.set(ad.type, [...(map.get(ad.type) ?? []), ad]);
  return map;
}

/**
 * Side and window ads close one by one (spec 4); a closed slot stays closed on this page.
 * Focused from the keyboard, a closable ad closes on Escape as well as with its 关闭 button, and
 * focus goes back where it came from before it entered the ad (else to the main content), never
 * to the body (issue 29).
 */
function wireCloseButtons(): void {
  const cameFrom = new WeakMap<HTMLElement, HTMLElement>();
  const closableSlot = (el: EventTarget | null) => {
    const slot = (el as Element | null)?.closest?.<HTMLElement>('.ad-slot');
    return slot?.querySelector(':scope > [data-ad-close]') ? slot : null;
  };
  const close = (slot: HTMLElement) => {
    const held = slot.contains(document.activeElement);
    slot.hidden = true;
    if (!held) return;
    const back = cameFrom.get(slot);
    if (back?.isConnected && !back.closest('[hidden]')) return back.focus();
    const main = document.getElementById('main');
    if (!main) return;
    main.tabIndex = -1;
    main.focus();
  };
  // The last stop outside the ads: where focus came from even when the event does not say (a
  // frame, such as the script ad's, names no relatedTarget when focus leaves it).
  let lastOutside: HTMLElement | null = null;
  document.addEventListener('focusin', (e) => {
    const slot = closableSlot(e.target);
    if (!slot) return void (lastOutside = e.target as HTMLElement);
    const from = (e.relatedTarget as HTMLElement | null) ?? lastOutside;
    if (from && !slot.contains(from)) cameFrom.set(slot, from);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const slot = closableSlot(e.target);
    if (!slot) return;
    e.preventDefault();
    // As its 关闭 button would (which also ends what watched the ad, for example focus-clear).
    slot.querySelector<HTMLElement>(':scope > [data-ad-close]')!.click();
  });
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.('[data-ad-close]');
    const slot = button?.closest<HTMLElement>('.ad-slot');
    if (slot) close(slot);
  });
}

/** Fetches the ads and mounts every slot; called once per page load. */
export async function startAds(): Promise<void> {
  wireCloseButtons();
  const list = await fetchAds();
  if (!list) return;
  const ads = byType(list);
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        const slot = e.target as HTMLElement;
        mountSlot(slot, ads.get(Number(slot.dataset.adSlot)) ?? []);
      }
    },
    { rootMargin: '200px 0px' },
  );
  document.querySelectorAll<HTMLElement>('[data-ad-slot]').forEach((s) => io.observe(s));
  // Overlays cover the page: automated browsers (crawlers, test robots) are
  // no audience, and their impressions would be invalid traffic.
  if (navigator.webdriver) return;
  afterFirstInput(() => void import('./overlays.ts').then((m) => m.showOverlays(ads)));
}

/** Inputs that end the browser's choice of the largest contentful paint. */
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** When the overlays may appear once an input was seen: after it, never in its way. */
const SHOW_ON = ['click', 'keyup', 'wheel', 'scroll'] as const;

/**
 * Runs `show` once the reader has given the page a first input (a tap, click, key or wheel; or
 * before this script loaded, the browser's `first-input` entry). Until then the browser is still
 * choosing the page's largest contentful paint, and an overlay ad (the 600×360 centre pop-up on a
 * phone) would become it in place of the content's (issue 30); after an input nothing painted
 * counts, so an overlay can neither be the page's LCP nor delay its content. The overlays come
 * after that input's own effect, never in its way: a click or tap has reached what it hit (a
 * click that leaves by a link shows nothing, so the pop-up is not spent on a page being left), a
 * key has done its work (a Tab moved focus, then the pop-up takes it), or the page scrolls.
 */
export function afterFirstInput(show: () => void): void {
  const root = document.documentElement;
  let input = performance.getEntriesByType('first-input').length > 0;
  // Visible to the browser tests: the overlays are decided and wait for the reader.
  root.dataset.overlays = 'waiting';
  const seen = () => void (input = true);
  const go = (e: Event) => {
    if (e.type !== 'wheel' && !input) return; // a scroll the page made itself
    const link = e.type === 'click' && (e.target as Element | null)?.closest?.('a[href]');
    if (link && !e.defaultPrevented) return;
    for (const type of INPUT) removeEventListener(type, seen, true);
    for (const type of SHOW_ON) removeEventListener(type, go, type === 'scroll');
    delete root.dataset.overlays;
    show();
  };
  for (const type of INPUT) addEventListener(type, seen, { capture: true, passive: true });
  // Bubbling, so a click or key has been handled first; a scroll only reaches window captured.
  for (const type of SHOW_ON)
    addEventListener(type, go, { capture: type === 'scroll', passive: true });
}

/**
 * Where a course's 限时特惠 stands at an instant (issue 27), shared by the course page's
 * islands: the cached page carries the offer's window, and each reader's clock decides
 * whether it has started, is on, or has ended. The server decides the price of an order
 * on its own clock (services/commerce/offers).
 */

/** An offer's price and window (ISO instants; null: open on that side). */
export interface OfferWindowLike {
  priceCents: number;
  startsAt: string | null;
  endsAt: string | null;
}

export interface OfferPhase {
  /** 'on' (the offer price holds) or 'upcoming' (it starts later). */
  phase: 'on' | 'upcoming';
  priceCents: number;
  /** When this phase ends (ms since the epoch): the start, or the end; null: never. */
  untilMs: number | null;
}

/** The phase of an offer at nowMs, or null when there is none or it has ended. */
export function offerPhase(w: OfferWindowLike | null, nowMs: number): OfferPhase | null {
  if (!w) return null;
  const start = w.startsAt ? Date.parse(w.startsAt) : null;
  const end = w.endsAt ? Date.parse(w.endsAt) : null;
  if (end !== null && nowMs >= end) return null;
  if (start !== null && nowMs < start)
    return { phase: 'upcoming', priceCents: w.priceCents, untilMs: start };
  return { phase: 'on', priceCents: w.priceCents, untilMs: end };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A countdown: countdownText(2 days 3 h 12 min 45 s) → '2 天 03:12:45'; below a day '03:12:45'. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const clock = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return days > 0 ? `${days} 天 ${clock}` : clock;
}

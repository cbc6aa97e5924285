/**
 * Where a 限时特惠 stands on the reader's clock (issue 27): before its start a countdown to the
 * start, during it the offer price and a countdown to the end, after it nothing; and the
 * countdown's text, with days from 24 hours on.
 */
import { describe, expect, it } from 'vitest';
import { countdownText, offerPhase } from '../../src/shared/offers.ts';

const start = '2026-11-25T02:00:00.000Z';
const end = '2026-11-30T02:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const offer = { priceCents: 12900, startsAt: start, endsAt: end };

describe('offerPhase', () => {
  it.each([
    ['a second before the start', '2026-11-25T01:59:59.000Z', 'upcoming', start],
    ['at the start', start, 'on', end],
    ['a second before the end', '2026-11-30T01:59:59.000Z', 'on', end],
  ] as const)('%s', (_name, now, phase, until) => {
    expect(offerPhase(offer, at(now))).toEqual({ phase, priceCents: 12900, untilMs: at(until) });
  });

  it('ends at its end, and no offer has no phase', () => {
    expect(offerPhase(offer, at(end))).toBeNull();
    expect(offerPhase(null, at(start))).toBeNull();
  });

  it('an open window holds from the start on, with nothing to count down to', () => {
    expect(offerPhase({ priceCents: 990, startsAt: null, endsAt: null }, at(start))).toEqual({
      phase: 'on',
      priceCents: 990,
      untilMs: null,
    });
  });
});

describe('countdownText', () => {
  it.each([
    [0, '00:00:00'],
    [59_999, '00:00:59'],
    [3_600_000 + 12 * 60_000 + 45_000, '01:12:45'],
    [86_399_000, '23:59:59'],
    [86_400_000, '1 天 00:00:00'],
    [2 * 86_400_000 + 3 * 3_600_000 + 12 * 60_000 + 45_000, '2 天 03:12:45'],
    [-5_000, '00:00:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });
});

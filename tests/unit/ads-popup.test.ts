import { describe, expect, it } from 'vitest';
import { localDay, shouldShowCentreAd } from '../../src/islands/ads/centre-popup.ts';
import { AD_FRAME_SANDBOX, frameDocument } from '../../src/islands/ads/creative.ts';
import { TIMING } from '../../src/shared/constants.ts';

const NOW = Date.parse('2026-11-21T04:00:00.000Z');

describe('centre pop-up rule (spec 4, 9)', () => {
  it('shows when never shown or the stored time is unreadable', () => {
    expect(shouldShowCentreAd(NOW, null, null)).toBe(true);
    expect(shouldShowCentreAd(NOW, 'yesterday', null)).toBe(true);
  });

  it('waits more than 4 hours after the last showing', () => {
    const shown = String(NOW - TIMING.centreAdIntervalMs);
    expect(shouldShowCentreAd(NOW, shown, null)).toBe(false);
    expect(shouldShowCentreAd(NOW + 1, shown, null)).toBe(true);
    expect(shouldShowCentreAd(NOW, String(NOW - 60_000), null)).toBe(false);
  });

  it('stays hidden for the rest of the day the reader chose, and only that day', () => {
    const today = localDay(NOW);
    expect(shouldShowCentreAd(NOW, null, today)).toBe(false);
    expect(shouldShowCentreAd(NOW + 24 * 3600_000, null, today)).toBe(true);
  });
});

describe('script ad frames', () => {
  it('get scripts only: no same origin, no top navigation, no pop-ups', () => {
    expect(AD_FRAME_SANDBOX.split(' ')).toEqual(['allow-scripts']);
  });

  it('wrap the creative in a bare document', () => {
    const doc = frameDocument('<b>广告</b>');
    expect(doc).toMatch(/^<!doctype html>/);
    expect(doc).toContain('<body><b>广告</b></body>');
  });
});

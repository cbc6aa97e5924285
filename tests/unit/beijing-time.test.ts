import { describe, expect, it } from 'vitest';
import { fromBeijingWall, toBeijingWall } from '../../src/shared/beijing-time.ts';
import { formatDate, formatDateTime } from '../../src/shared/format.ts';

describe('Beijing time, whatever the zone of the process', () => {
  it('shows an instant as the Beijing wall clock', () => {
    expect(toBeijingWall('2026-11-21T15:16:00.000Z')).toBe('2026-11-21 23:16:00');
    expect(toBeijingWall('2026-11-21T16:16:00.000Z')).toBe('2026-11-22 00:16:00');
    expect(formatDateTime('2026-11-21T15:16:00.000Z')).toBe('2026-11-21 23:16');
    expect(formatDate('2026-11-21T16:16:00.000Z')).toBe('2026-11-22');
  });

  it('reads a typed Beijing time as the instant it names', () => {
    expect(fromBeijingWall('2026-11-21 23:16')).toBe('2026-11-21T15:16:00.000Z');
    expect(fromBeijingWall('2026-11-22 00:16:30')).toBe('2026-11-21T16:16:30.000Z');
    // A New York daylight-saving gap is an ordinary Beijing time.
    expect(fromBeijingWall('2026-03-08 02:30')).toBe('2026-03-07T18:30:00.000Z');
  });

  it('round-trips', () => {
    const iso = '2027-01-01T00:00:00.000Z';
    expect(fromBeijingWall(toBeijingWall(iso))).toBe(iso);
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', '2026-02-30 10:00', '2026-11-21 24:00', '2026-11-21', 'tomorrow'])
      expect(fromBeijingWall(bad)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkRange,
  effectiveLength,
  isComplete,
  mergeRanges,
  parseRanges,
  totalSeconds,
  type Range,
} from '../../src/server/services/learning/index.ts';

describe('mergeRanges and totalSeconds', () => {
  it.each<[string, Range[], Range[], number]>([
    ['nothing', [], [], 0],
    ['one range', [[0, 10]], [[0, 10]], 10],
    [
      'overlapping, out of order',
      [
        [5, 12],
        [0, 6],
      ],
      [[0, 12]],
      12,
    ],
    [
      'touching',
      [
        [0, 4],
        [4, 8],
      ],
      [[0, 8]],
      8,
    ],
    [
      'a gap left by a seek forward',
      [
        [0, 4],
        [30, 34],
      ],
      [
        [0, 4],
        [30, 34],
      ],
      8,
    ],
    [
      'a replayed part counts once',
      [
        [0, 10],
        [2, 6],
        [0, 10],
      ],
      [[0, 10]],
      10,
    ],
    [
      'empty and reversed ranges dropped',
      [
        [3, 3],
        [9, 2],
        [0, 1.5],
      ],
      [[0, 1.5]],
      1,
    ],
  ])('%s', (_, input, merged, total) => {
    expect(mergeRanges(input)).toEqual(merged);
    expect(totalSeconds(input)).toBe(total);
  });
});

describe('checkRange: only real playback counts', () => {
  const limits = { elapsedSeconds: 10, lengthSeconds: 600 };
  it.each<[string, number, number, typeof limits, ReturnType<typeof checkRange>]>([
    ['10 s played in 10 s', 0, 10, limits, { ok: true, range: [0, 10] }],
    ['2x speed', 20, 40, limits, { ok: true, range: [20, 40] }],
    ['a seek forward sent as playback', 10, 300, limits, { ok: false, reason: 'tooLong' }],
    [
      'wall time spent paused does not extend it',
      0,
      60,
      { elapsedSeconds: 10, lengthSeconds: 600 },
      { ok: false, reason: 'tooLong' },
    ],
    ['reversed', 40, 20, limits, { ok: false, reason: 'order' }],
    ['empty', 5, 5, limits, { ok: false, reason: 'order' }],
    ['negative', -5, 3, limits, { ok: false, reason: 'bounds' }],
    ['past the end', 595, 605, limits, { ok: false, reason: 'bounds' }],
    ['just past the end is clamped', 592, 600.6, limits, { ok: true, range: [592, 600] }],
    ['not a number', Number.NaN, 3, limits, { ok: false, reason: 'order' }],
  ])('%s', (_, from, to, l, expected) => {
    expect(checkRange(from, to, l)).toEqual(expected);
  });
});

describe('completion and length', () => {
  it.each<[number, number, boolean]>([
    [54, 60, true],
    [53, 60, false],
    [0, 0, false],
    [11, 12, true],
    [10, 12, true],
    [9, 12, false],
  ])('isComplete(%d, %d) → %s', (w, l, expected) => {
    expect(isComplete(w, l)).toBe(expected);
  });

  it.each<[number, number | undefined, number]>([
    [1800, 12.4, 12],
    [1800, undefined, 1800],
    [1800, 0.4, 1800],
    [60, 900, 60],
    [0, 12, 12],
  ])('effectiveLength(%d, %s) → %d', (c, m, expected) => {
    expect(effectiveLength(c, m)).toBe(expected);
  });

  it('parseRanges drops anything malformed', () => {
    expect(parseRanges('[[0,5],[1],"x",[2,"3"],[6,7]]')).toEqual([
      [0, 5],
      [6, 7],
    ]);
    expect(parseRanges('not json')).toEqual([]);
    expect(parseRanges('{"a":1}')).toEqual([]);
  });
});

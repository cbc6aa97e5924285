/** Numeric answers of checks inside lessons (src/shared/lesson-checks.ts, issue 28), with worked values. */
import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  readQuantity,
  sameChoices,
  withinTolerance,
} from '../../src/shared/lesson-checks.ts';

describe('readQuantity', () => {
  it('reads a number in the check’s unit, with or without the unit and its SI prefix', () => {
    expect(readQuantity('3.0 V', 'V')).toEqual({ value: 3 });
    expect(readQuantity('3.0V', 'V')).toEqual({ value: 3 });
    expect(readQuantity(' 3 ', 'V')).toEqual({ value: 3 });
    expect(readQuantity('2977mV', 'V')).toEqual({ value: 2.977 });
    expect(readQuantity('4.7k', 'Ω')).toEqual({ value: 4700 });
    expect(readQuantity('4.7 kohm', 'Ω')).toEqual({ value: 4700 });
    expect(readQuantity('10欧', 'Ω')).toEqual({ value: 10 });
    expect(readQuantity('3，3', 'V')).toEqual({ value: 3.3 });
    expect(readQuantity('-1.5e-3 A', 'A')).toEqual({ value: -0.0015 });
    expect((readQuantity('470 µA', 'A') as { value: number }).value).toBeCloseTo(0.00047, 12);
  });
  it('refuses another unit, a non-number, nothing, and a magnitude out of range', () => {
    expect(readQuantity('3 A', 'V')).toEqual({ error: '单位应为 V' });
    expect(readQuantity('3 kA', 'V')).toEqual({ error: '单位应为 V' });
    expect(readQuantity('三伏', 'V')).toEqual({ error: '答案应为数值，例如 3.3 或 3.3 V' });
    expect(readQuantity('3..0', 'V')).toEqual({ error: '答案应为数值，例如 3.3 或 3.3 V' });
    expect(readQuantity('  ', 'V')).toEqual({ error: '请输入答案，例如 3.3 V' });
    expect(readQuantity('2e12', 'V')).toEqual({ error: '数值超出范围，请检查数量级' });
    expect(readQuantity('1e400', 'V')).toEqual({ error: '数值超出范围，请检查数量级' });
  });
});

describe('withinTolerance', () => {
  it('accepts within ± percent of the right value and nothing further', () => {
    expect(withinTolerance(3.0, 2.977, 1)).toBe(true);
    expect(withinTolerance(3.5, 2.977, 1)).toBe(false);
    expect(withinTolerance(3.03, 3, 1)).toBe(true);
    expect(withinTolerance(3.031, 3, 1)).toBe(false);
    expect(withinTolerance(-2.97, -3, 1)).toBe(true);
    expect(withinTolerance(0, 0, 1)).toBe(true);
    expect(withinTolerance(0.001, 0, 1)).toBe(false);
  });
});

describe('formatQuantity and sameChoices', () => {
  it('shows four significant digits and the unit', () => {
    expect(formatQuantity(1.25 * (1 + 332 / 240), 'V')).toBe('2.979 V');
    expect(formatQuantity(3.5, 'W')).toBe('3.5 W');
  });
  it('compares choices as sets', () => {
    expect(sameChoices([3, 0, 1], [0, 1, 3])).toBe(true);
    expect(sameChoices([0, 1], [0, 1, 3])).toBe(false);
    expect(sameChoices([1, 1], [1])).toBe(true);
  });
});

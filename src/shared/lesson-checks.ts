/**
 * Checks inside lessons (课内练习, issue 28): short questions on a lesson, single or multiple
 * choice, or a number with a unit and a tolerance (a circuit calculation: Vout of a divider
 * within ±1 %). The rules and messages the player and the server share.
 *
 * readQuantity('3.0 V', 'V') → { value: 3 }
 * readQuantity('2977mV', 'V') → { value: 2.977 }
 * readQuantity('3 A', 'V') → { error: '单位应为 V' }
 * withinTolerance(3.0, 2.979, 1) → true; withinTolerance(3.5, 2.979, 1) → false
 */

export const CHECK_KINDS = ['single', 'multiple', 'numeric'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const CHECK_LIMITS = {
  /** Tries a check allows unless the console sets another number. */
  defaultTries: 2,
  maxTries: 10,
  /** Largest magnitude a numeric answer may have, in the check's unit. */
  valueMax: 1e12,
  answerLength: 40,
  options: 8,
} as const;

export const CHECK_MSG = {
  notFound: '练习题不存在或已下线',
  chooseOne: '请选择一个答案',
  chooseSome: '请至少选择一个答案',
  choiceInvalid: '所选答案不在选项中',
  valueEmpty: '请输入答案，例如 3.3 V',
  valueInvalid: '答案应为数值，例如 3.3 或 3.3 V',
  valueRange: '数值超出范围，请检查数量级',
  unitWrong: (unit: string) => `单位应为 ${unit}`,
  noTries: '本题的作答次数已用完',
  done: '本题已回答正确',
  correct: '回答正确',
  wrongLeft: (n: number) => `回答错误，还可以再试 ${n} 次`,
  wrongLast: '回答错误，作答次数已用完',
} as const;

/** SI prefixes a number may carry before the check's unit (µ and u both for micro). */
const PREFIX: Record<string, number> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  µ: 1e-6,
  μ: 1e-6,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
};

/** Ways a unit is typed: ohms as Ω, ohm or 欧; everything else as written. */
const normalUnit = (u: string): string => u.replace(/(ohms?|欧姆?)$/i, 'Ω');

/**
 * A typed answer in the check's unit: a number, optionally followed by the unit with an SI
 * prefix (3.3 V, 3300 mV, 4.7k, 4.7 kΩ); a bare number is read in the check's unit.
 */
export function readQuantity(input: string, unit: string): { value: number } | { error: string } {
  const text = input.trim().replace(/，/g, ',').replace(/,/g, '.').replace(/\s+/g, ' ');
  if (!text) return { error: CHECK_MSG.valueEmpty };
  if (text.length > CHECK_LIMITS.answerLength) return { error: CHECK_MSG.valueInvalid };
  // A number, then nothing or a unit that starts with a letter (Ω, µ and 欧 included).
  const m = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*([^\d\s.,+-]\S*)?$/i.exec(text);
  if (!m) return { error: CHECK_MSG.valueInvalid };
  const number = Number(m[1]);
  if (!Number.isFinite(number)) return { error: CHECK_MSG.valueRange };
  const typed = normalUnit(m[2] ?? '');
  const want = normalUnit(unit);
  let scale = 1;
  if (typed && typed !== want) {
    const prefix = typed.slice(0, [...typed][0]!.length);
    const rest = typed.slice(prefix.length);
    // A bare prefix (4.7k) reads as that multiple of the check's unit.
    if (PREFIX[prefix] !== undefined && (rest === want || rest === '')) scale = PREFIX[prefix];
    else return { error: CHECK_MSG.unitWrong(unit) };
  }
  const value = number * scale;
  if (Math.abs(value) > CHECK_LIMITS.valueMax) return { error: CHECK_MSG.valueRange };
  return { value };
}

/** Whether `value` is within ±`percent` % of `expected` (an absolute 1e-9 for an expected 0). */
export function withinTolerance(value: number, expected: number, percent: number): boolean {
  const allowed = expected === 0 ? 1e-9 : (Math.abs(expected) * percent) / 100;
  return Math.abs(value - expected) <= allowed * (1 + 1e-9);
}

/** A numeric answer as shown: formatQuantity(2.979167, 'V') → '2.979 V'. */
export function formatQuantity(value: number, unit: string): string {
  const shown = Number(value.toPrecision(4));
  return `${shown}${unit ? ` ${unit}` : ''}`;
}

/** Whether a set of chosen option indexes is exactly the right set. */
export function sameChoices(chosen: readonly number[], right: readonly number[]): boolean {
  const a = [...new Set(chosen)].sort((x, y) => x - y);
  const b = [...new Set(right)].sort((x, y) => x - y);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

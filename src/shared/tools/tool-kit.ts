/**
 * What every learning tool is made of: its fields (read from and written to
 * the query string, so a result can be shared), the reading of a field's
 * number with the message shown in place of the result, and the result rows.
 */

export interface ToolField {
  name: string;
  label: string;
  unit?: string;
  /** The default, as text (the form and the query string are text). */
  value: string;
  options?: readonly { value: string; label: string }[];
}

/**
 * A result: its rows and, when a value passes a part's limits or the formula's
 * range, the warnings shown with it (in Chinese, as the reader sees them).
 */
export type ToolResult =
  { rows: [string, string][]; warnings: string[]; figure?: ToolFigure } | { error: string };

/** A drawing shown with the result: the Smith chart with the load's Γ marked. */
export type ToolFigure = { kind: 'smith'; gammaRe: number; gammaIm: number; label: string };

/** What a tool's `calc` answers: the rows, or the rows with warnings (and a figure). */
export type CalcAnswer =
  [string, string][] | { rows: [string, string][]; warnings: string[]; figure?: ToolFigure };

export interface ToolDef {
  slug: string;
  title: string;
  summary: string;
  /** Lines explaining the formula, shown under the calculator. */
  notes: readonly string[];
  fields: readonly ToolField[];
  compute(v: Record<string, string>): ToolResult;
}

/** A tool as declared: `calc` answers the result rows, or throws the message shown instead. */
export type ToolSpec = Omit<ToolDef, 'compute'> & {
  calc(v: Record<string, string>): CalcAnswer;
};

/** A declared tool made usable: a thrown message becomes the result's error. */
export function tool({ calc, ...def }: ToolSpec): ToolDef {
  return {
    ...def,
    compute(v) {
      try {
        const answer = calc(v);
        return Array.isArray(answer) ? { rows: answer, warnings: [] } : answer;
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

const POSITIVE = '请输入大于 0 的数值';

/** A field's number; throws the message shown in place of the result. */
export function num(
  v: Record<string, string>,
  name: string,
  label: string,
  allowZero = false,
): number {
  const text = (v[name] ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n) || (allowZero ? n < 0 : n <= 0))
    throw new Error(`${label}：${allowZero ? '请输入不小于 0 的数值' : POSITIVE}`);
  return n;
}

/** Any number (temperatures may be negative). */
export function anyNum(v: Record<string, string>, name: string, label: string): number {
  const text = (v[name] ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) throw new Error(`${label}：请输入数值`);
  return n;
}

/** A calculation's answer, or its refusal thrown as the message shown. */
export function solved<R extends object>(r: R): Exclude<R, { error: string }> {
  if ('error' in r && typeof r.error === 'string') throw new Error(r.error);
  return r as Exclude<R, { error: string }>;
}

export const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
export const colourOptions = (list: readonly string[]) =>
  list.map((c) => ({ value: c, label: `${c}色` }));

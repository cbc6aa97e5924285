/** The budget table of the benchmark: collected rows, printed at the end. */

export interface Budget {
  budget: string;
  measured: string;
  limit: string;
  /** null when the figure could not be measured here. */
  pass: boolean | null;
}

/** Every budget checked so far, in order. */
export const budgets: Budget[] = [];

/** Records one budget's figure and whether it holds. */
export function check(budget: string, measured: string, limit: string, pass: boolean | null): void {
  budgets.push({ budget, measured, limit, pass });
}

/** kb(2048) → '2.0 KB' */
export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A progress line. */
export const log = (msg: string): void => void process.stdout.write(`· ${msg}\n`);

/** Prints the table of budgets with PASS / FAIL / n/a. */
export function printTable(): void {
  const rows = budgets.map((b) => [
    b.pass === null ? 'n/a ' : b.pass ? 'PASS' : 'FAIL',
    b.budget,
    b.measured,
    b.limit,
  ]);
  const widths = [4, 0, 0, 0].map((w, i) => Math.max(w, ...rows.map((r) => [...r[i]!].length)));
  process.stdout.write('\n');
  for (const r of rows)
    process.stdout.write(r.map((c, i) => c.padEnd(widths[i]!)).join('  ') + '\n');
}

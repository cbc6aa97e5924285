/**
 * A learning path's week (issue 28): Monday 00:00 to Sunday 24:00 China time (UTC+8), and the
 * steps done in it.
 */
import { iso } from '../../../clock.ts';

/** Monday 00:00 China time of the week holding `now`, as UTC ISO. */
export function weekStart(now: Date): string {
  const china = new Date(now.getTime() + 8 * 3600_000);
  const day = (china.getUTCDay() + 6) % 7; // 0 = Monday
  const monday = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() - day);
  return iso(new Date(monday - 8 * 3600_000));
}

/** How many steps were done since `start` (ISO): weekStart(now) → this week's count. */
export const countSince = (steps: { doneAt: string | null }[], start: string) =>
  steps.filter((s) => s.doneAt !== null && s.doneAt >= start).length;

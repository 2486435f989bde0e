/**
 * Worked minutes of a shift with the legal minimum break only (no company rules): the month table's
 * quick figure. The full engine (rules, buckets, weekly limit, 36協定) is ./worktime/index.ts.
 */
import { legalMinimumBreak, restraintMinutes } from './worktime/day.js';

export { legalMinimumBreak };

export function workedMinutes(punchInAt: string | undefined, punchOutAt: string | undefined): number | null {
  const restraint = restraintMinutes(punchInAt, punchOutAt);
  return restraint === null ? null : restraint - Math.min(restraint, legalMinimumBreak(restraint));
}

/**
 * The statutory number of paid-leave days (年次有給休暇) per grant.
 *
 * - 労働基準法 39条1項: after 6 months of continuous service with ≥ 80 % attendance, 10 days.
 * - 39条2項: for each further year of service (1.5 y, 2.5 y, …), with ≥ 80 % attendance in the
 *   preceding year, 10 days plus 1, 2, 4, 6, 8, 10 → 11, 12, 14, 16, 18, 20 (20 from 6.5 y on).
 * - 39条3項 with 労働基準法施行規則 24条の3: proportional grant (比例付与) for a worker whose weekly
 *   scheduled hours are under 30 (24条の3第1項) and who is scheduled 4 days a week or fewer
 *   (24条の3第4項), or — when the schedule is fixed per year rather than per week — 216 days a year
 *   or fewer (24条の3第5項). 24条の3第3項's table (derived from 10 days × weekly days ÷ 5.2, 第2項)
 *   gives the days; a worker scheduled under 48 days a year falls outside the table and gets none.
 *
 * Status is judged on the grant date (基準日): the pattern in force that day picks the table and the
 * row, even if it changed during the year before (昭63.3.14 基発150号). The row, not the attendance
 * history, decides; a change after the grant date does not alter a grant already made.
 */

/** Service steps: index 0 = 6 months, 1 = 1 y 6 m, … 6 = 6 y 6 m or more. */
export const SERVICE_LABELS = [
  '6か月',
  '1年6か月',
  '2年6か月',
  '3年6か月',
  '4年6か月',
  '5年6か月',
  '6年6か月以上',
] as const;

/** 39条1項・2項: the ordinary worker's grant for each service step. */
export const NORMAL_TABLE = [10, 11, 12, 14, 16, 18, 20] as const;

/**
 * 施行規則 24条の3第3項: rows by weekly days (4 … 1) with the matching yearly-day bands.
 * The bands are contiguous: 48–72, 73–120, 121–168, 169–216.
 */
export const PROPORTIONAL_TABLE = {
  4: { yearlyDays: [169, 216], days: [7, 8, 9, 10, 12, 13, 15] },
  3: { yearlyDays: [121, 168], days: [5, 6, 6, 8, 9, 10, 11] },
  2: { yearlyDays: [73, 120], days: [3, 4, 4, 5, 6, 6, 7] },
  1: { yearlyDays: [48, 72], days: [1, 2, 2, 2, 3, 3, 3] },
} as const satisfies Record<number, { yearlyDays: readonly [number, number]; days: readonly number[] }>;

export type ProportionalRow = keyof typeof PROPORTIONAL_TABLE;

/** 施行規則 24条の3第1項: proportional grants only below this many scheduled hours a week. */
export const PROPORTIONAL_MAX_WEEKLY_HOURS_EXCLUSIVE = 30;
/** 施行規則 24条の3第4項・第5項. */
export const PROPORTIONAL_MAX_DAYS_PER_WEEK = 4;
export const PROPORTIONAL_MAX_DAYS_PER_YEAR = 216;
export const PROPORTIONAL_MIN_DAYS_PER_YEAR = 48;

/**
 * The scheduled working pattern (所定労働日数・所定労働時間). Use `basis: 'week'` when the contract
 * fixes days per week; `basis: 'year'` when it fixes them per year or otherwise than per week
 * (shift work, averaged schedules: 39条3項2号). Weekly days are whole days; an averaged schedule
 * with fractional weekly days must be given per year.
 */
export type WorkingPattern =
  | { basis: 'week'; daysPerWeek: number; weeklyHours: number }
  | { basis: 'year'; daysPerYear: number; weeklyHours: number };

export type Entitlement =
  | { table: 'normal'; row: null; days: number }
  | { table: 'proportional'; row: ProportionalRow; days: number }
  | { table: 'none'; row: null; days: 0 };

/** The proportional row a pattern falls in, null when the normal table applies, 0 below the table. */
export function proportionalRow(pattern: WorkingPattern): ProportionalRow | 0 | null {
  assertPattern(pattern);
  if (pattern.weeklyHours >= PROPORTIONAL_MAX_WEEKLY_HOURS_EXCLUSIVE) return null;
  if (pattern.basis === 'week') {
    if (pattern.daysPerWeek > PROPORTIONAL_MAX_DAYS_PER_WEEK) return null;
    return pattern.daysPerWeek === 0 ? 0 : (pattern.daysPerWeek as ProportionalRow);
  }
  if (pattern.daysPerYear > PROPORTIONAL_MAX_DAYS_PER_YEAR) return null;
  for (const row of [4, 3, 2, 1] as const) {
    if (pattern.daysPerYear >= PROPORTIONAL_TABLE[row].yearlyDays[0]) return row;
  }
  return 0;
}

/** Days the statute grants at `step` (0 = the 6-month grant) to a worker with `pattern` on the grant date. */
export function statutoryEntitlement(step: number, pattern: WorkingPattern): Entitlement {
  if (!Number.isInteger(step) || step < 0) throw new RangeError(`service step must be a whole number ≥ 0: ${step}`);
  const i = Math.min(step, NORMAL_TABLE.length - 1);
  const row = proportionalRow(pattern);
  if (row === null) return { table: 'normal', row: null, days: NORMAL_TABLE[i]! };
  if (row === 0) return { table: 'none', row: null, days: 0 };
  return { table: 'proportional', row, days: PROPORTIONAL_TABLE[row].days[i]! };
}

function assertPattern(p: WorkingPattern): void {
  if (!(p.weeklyHours >= 0 && p.weeklyHours <= 24 * 7))
    throw new RangeError(`weekly hours out of range: ${p.weeklyHours}`);
  if (p.basis === 'week' && !(Number.isInteger(p.daysPerWeek) && p.daysPerWeek >= 0 && p.daysPerWeek <= 7)) {
    throw new RangeError(`days per week must be a whole number 0–7: ${p.daysPerWeek}`);
  }
  if (p.basis === 'year' && !(Number.isInteger(p.daysPerYear) && p.daysPerYear >= 0 && p.daysPerYear <= 366)) {
    throw new RangeError(`days per year must be a whole number 0–366: ${p.daysPerYear}`);
  }
}

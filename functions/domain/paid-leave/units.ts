import { addDays } from '../time.js';
import type { DaySchedule, LeaveUnit } from '../worktime/schedule.js';
import { addYearsLegal } from './dates.js';
import { DAY_EPSILON, type LeaveGrant, type LeaveTaking } from './ledger.js';

/**
 * Leave units (終日 / 午前半休 / 午後半休 / 時間単位) and the hourly-leave rules of 39条4項.
 *
 * Which leave type takes which unit (the product's rule, checked when a request is filed):
 * - 有給 (0): every unit. Half days (半日単位年休) are granted at the worker's request as agreed
 *   (平7.7.27 基監発33号); hours (時間単位年休) only where the company enabled them in 勤務設定 (the
 *   労使協定 of 39条4項), up to its days' worth a year.
 * - 代休 (1): 終日 or a half day. A 代休 is the company's own day off for holiday work; half days are
 *   common practice, hours are not (the 39条4項 agreement covers 年休 only).
 * - 振替休日 (2): 終日 only: a 振替 swaps one whole working day with one whole day off (35条).
 *
 * Counting: a half day is 0.5 day of the balance and of the five-day duty (平30.12.28 基発1228第15号).
 * An hour is 1 ÷ (the day's scheduled hours rounded up to a whole hour) of a day of the balance
 * (平21.5.29 基発0529001号: "1日分の年次有給休暇に対応する時間数は所定労働時間数を基に定め, 1時間に満たない
 * 端数は時間単位に切り上げる"; 7.5 h → 8 h, so 8 hours make a day). Hours never count toward the
 * five-day duty (39条8項 counts days and half days only). The ledger keeps hourly takings as
 * fractions of a day in the same FIFO as days, which is the practice "残り8日と4時間": the remainder
 * below a day is shown in hours with that conversion.
 */

export const LEAVE_TYPE_UNITS: Record<0 | 1 | 2, readonly LeaveUnit[]> = {
  0: ['day', 'am', 'pm', 'hours'],
  1: ['day', 'am', 'pm'],
  2: ['day'],
};

/** The Japanese field errors of a leave unit (shown next to the field on the leave form). */
export const LEAVE_UNIT_MESSAGES = {
  unitNotAllowed: {
    1: '代休は終日・午前半休・午後半休で申請してください',
    2: '振替休日は終日で申請してください',
  } as Record<1 | 2, string>,
  unitInvalid: '終日・午前半休・午後半休・時間単位から選択してください',
  hoursRequired: '時間数を入力してください',
  hoursNotAllowed: '時間数は時間単位の休暇でのみ指定できます',
  hoursWhole: '時間数は1以上の整数で入力してください',
  hourlyDisabled: '時間単位の有給休暇は会社で利用できません（勤務設定で時間単位年休が有効になっていません）',
  noSchedule: 'この日は所定労働時間がないため時間単位で申請できません',
  hoursTooMany: (scheduled: string) => `時間数は所定労働時間（${scheduled}）未満で入力してください`,
  capReached: (left: number, cap: number) => `時間単位の有給休暇は年${cap}時間までです（この年度の残り${left}時間）。`,
} as const;

/** Days of the balance and of the five-day duty a unit takes (hours: see hourDays). */
export const unitDays = (unit: LeaveUnit): number => (unit === 'am' || unit === 'pm' ? 0.5 : 1);

/**
 * The day's scheduled working minutes: the pattern's span less its break windows, or (no pattern)
 * the working rule's 所定労働時間. null on a scheduled day off.
 */
export function scheduledMinutesOf(schedule: DaySchedule | null, fixedMinutes: number): number | null {
  if (schedule?.kind === 'day_off') return null;
  if (schedule?.kind === 'pattern') {
    const p = schedule.pattern;
    const breaks = p.breaks.reduce((s, b) => s + (b.endMinute - b.startMinute), 0);
    return p.endMinute - p.startMinute - breaks;
  }
  return fixedMinutes;
}

/** A day's worth of hourly leave: the scheduled minutes rounded UP to whole hours (7 h 30 min → 8). */
export const dayHoursOf = (scheduledMinutes: number) => Math.ceil(scheduledMinutes / 60);

/** "7時間30分" / "8時間". */
export const hoursText = (minutes: number) =>
  `${Math.floor(minutes / 60)}時間${minutes % 60 ? `${minutes % 60}分` : ''}`;

/** The fraction of a day `hours` of hourly leave take when a day's worth is `dayHours`. */
export const hourDays = (hours: number, dayHours: number) => hours / dayHours;

/**
 * The leave year (年休の年度) the 39条4項 yearly cap counts in: from the latest statutory grant on or
 * before `date` for one year, cut short by the next statutory grant (a common grant date). Without a
 * statutory grant by then: the calendar year of `date`.
 */
export function leaveYearOf(grants: readonly LeaveGrant[], date: string): { from: string; to: string } {
  const statutory = grants
    .filter((g) => (g.kind ?? 'statutory') === 'statutory')
    .map((g) => g.grantedOn)
    .sort();
  const base = statutory.filter((d) => d <= date).at(-1);
  if (!base) return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` };
  // A date past the grant's year (the next grant not made yet) is in a later anniversary year.
  let from = base;
  while (addYearsLegal(from, 1) <= date) from = addYearsLegal(from, 1);
  const yearEnd = addDays(addYearsLegal(from, 1), -1);
  const next = statutory.find((d) => d > from);
  return { from, to: next && addDays(next, -1) < yearEnd ? addDays(next, -1) : yearEnd };
}

export type HourlyCap =
  { ok: true; usedHours: number; capHours: number } | { ok: false; leftHours: number; capHours: number };

/**
 * 39条4項: hourly leave within a leave year at most `daysPerYear` days' worth, a day's worth being
 * `dayHours` (the request day's scheduled hours rounded up). `takings` are the employee's hourly
 * takings, approved and pending (so two pending requests cannot pass the cap together).
 */
export function hourlyCapCheck(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  request: { date: string; hours: number; dayHours: number; daysPerYear: number },
): HourlyCap {
  const year = leaveYearOf(grants, request.date);
  const usedHours = takings
    .filter((t) => t.hours !== undefined && year.from <= t.date && t.date <= year.to)
    .reduce((s, t) => s + (t.hours ?? 0), 0);
  const capHours = request.daysPerYear * request.dayHours;
  if (usedHours + request.hours > capHours)
    return { ok: false, leftHours: Math.max(0, capHours - usedHours), capHours };
  return { ok: true, usedHours: usedHours + request.hours, capHours };
}

/** Hourly takings' hours inside the leave year containing `date`. */
export function hourlyUsedInYear(grants: readonly LeaveGrant[], takings: readonly LeaveTaking[], date: string) {
  const year = leaveYearOf(grants, date);
  return {
    ...year,
    hours: takings
      .filter((t) => t.hours !== undefined && year.from <= t.date && t.date <= year.to)
      .reduce((s, t) => s + (t.hours ?? 0), 0),
  };
}

/**
 * A balance in days as whole days and hours ("8日と4時間"): the part below a day converted with
 * `dayHours` (the day's worth of the latest hourly taking). Without hourly leave (`dayHours` null)
 * the balance stays in days (half days as 0.5).
 */
export function daysAndHours(days: number, dayHours: number | null): { days: number; hours: number } {
  if (dayHours === null) return { days: Math.round(days * 2) / 2, hours: 0 };
  let whole = Math.floor(days + DAY_EPSILON);
  let hours = Math.round((days - whole) * dayHours);
  if (hours >= dayHours) [whole, hours] = [whole + 1, 0];
  return { days: whole, hours };
}
